package rdma.queues.c;

import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;
import rdma.devices.c.ibv_gid;

/** {@code struct ibv_global_route}: the GRH, the IPv6-like header that carries GIDs (always on RoCE). */
@FieldOrder({"dgid", "flow_label", "sgid_index", "hop_limit", "traffic_class"})
public class ibv_global_route extends Structure {
    public ibv_gid dgid;
    public int flow_label;
    public byte sgid_index;
    public byte hop_limit;
    public byte traffic_class;
}
