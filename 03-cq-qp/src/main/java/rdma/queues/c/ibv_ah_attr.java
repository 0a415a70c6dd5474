package rdma.queues.c;

import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;

/** {@code struct ibv_ah_attr}: the address vector, how to reach the remote port. */
@FieldOrder({"grh", "dlid", "sl", "src_path_bits", "static_rate", "is_global", "port_num"})
public class ibv_ah_attr extends Structure {
    public ibv_global_route grh;
    public short dlid;
    public byte sl;
    public byte src_path_bits;
    public byte static_rate;
    /** 1: use the GRH (GIDs). Required on RoCE, optional on InfiniBand. */
    public byte is_global;
    public byte port_num;
}
