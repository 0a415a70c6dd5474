package rdma.queues.c;

import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;

/** {@code struct ibv_recv_wr}: a receive work request, where an incoming SEND may land. */
@FieldOrder({"wr_id", "next", "sg_list", "num_sge"})
public class ibv_recv_wr extends Structure {
    /** Yours: it comes back in the completion ({@code ibv_wc.wr_id}). */
    public long wr_id;
    public Pointer next;
    public Pointer sg_list;
    public int num_sge;
}
