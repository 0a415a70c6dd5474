package rdma.devices.c;

import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;

/** {@code struct ibv_gid_entry}: a GID with its type, filled in by {@code ibv_query_gid_ex}. */
@FieldOrder({"gid", "gid_index", "port_num", "gid_type", "ndev_ifindex"})
public class ibv_gid_entry extends Structure {
    public ibv_gid gid;
    public int gid_index;
    public int port_num;
    /** {@code enum ibv_gid_type}: see {@link GidType}. */
    public int gid_type;
    /** The network interface a RoCE GID belongs to. */
    public int ndev_ifindex;
}
