package rdma.queues.c;

import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;

/** {@code struct ibv_qp_cap}: how many work requests and scatter/gather entries a QP can hold. */
@FieldOrder({"max_send_wr", "max_recv_wr", "max_send_sge", "max_recv_sge", "max_inline_data"})
public class ibv_qp_cap extends Structure {
    public int max_send_wr;
    public int max_recv_wr;
    public int max_send_sge;
    public int max_recv_sge;
    public int max_inline_data;
}
