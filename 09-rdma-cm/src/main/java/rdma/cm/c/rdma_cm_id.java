package rdma.cm.c;

import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;

/**
 * {@code struct rdma_cm_id}: the connection manager's identifier, its socket. Once its address is
 * resolved (or a connection request arrives on it) {@code verbs} is the device context it is
 * bound to and {@code port_num} the port; {@code qp} is the QP {@code rdma_create_qp} made on it.
 * librdmacm owns every field: programs read it, by the offsets this class proves.
 */
@FieldOrder({"verbs", "channel", "context", "qp", "route", "ps", "port_num", "event", "send_cq_channel", "send_cq",
        "recv_cq_channel", "recv_cq", "srq", "pd", "qp_type"})
public class rdma_cm_id extends Structure {
    public Pointer verbs;
    public Pointer channel;
    public Pointer context;
    public Pointer qp;
    public rdma_route route;
    public int ps;
    public byte port_num;
    public Pointer event;
    public Pointer send_cq_channel;
    public Pointer send_cq;
    public Pointer recv_cq_channel;
    public Pointer recv_cq;
    public Pointer srq;
    public Pointer pd;
    public int qp_type;
}
