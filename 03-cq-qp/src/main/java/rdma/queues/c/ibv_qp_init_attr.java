package rdma.queues.c;

import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;

/** {@code struct ibv_qp_init_attr}: what {@code ibv_create_qp} needs. */
@FieldOrder({"qp_context", "send_cq", "recv_cq", "srq", "cap", "qp_type", "sq_sig_all"})
public class ibv_qp_init_attr extends Structure {
    public Pointer qp_context;
    public Pointer send_cq;
    public Pointer recv_cq;
    public Pointer srq;
    public ibv_qp_cap cap;
    /** {@code enum ibv_qp_type}: 2 is RC, reliable connected. */
    public int qp_type;
    /** Non-zero: every send produces a completion, whether or not it asks (IBV_SEND_SIGNALED). */
    public int sq_sig_all;
}
