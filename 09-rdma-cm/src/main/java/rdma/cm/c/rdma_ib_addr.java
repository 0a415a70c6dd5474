package rdma.cm.c;

import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;
import rdma.devices.c.ibv_gid;

/**
 * {@code struct rdma_ib_addr}: what address resolution found, in verbs terms: this side's GID
 * (which chapter 04 asked for with {@code -g}), the peer's, and the partition key.
 */
@FieldOrder({"sgid", "dgid", "pkey"})
public class rdma_ib_addr extends Structure {
    public ibv_gid sgid;
    public ibv_gid dgid;
    public short pkey;
}
