package rdma.queues;

import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;

/** {@code struct ibv_qp}: what {@code ibv_create_qp} returns. We read {@code qp_num} from it. */
@FieldOrder({"context", "qp_context", "pd", "send_cq", "recv_cq", "srq", "handle", "qp_num", "state",
        "qp_type", "mutex", "cond", "events_completed"})
public class ibv_qp extends Structure {
    public Pointer context;
    public Pointer qp_context;
    public Pointer pd;
    public Pointer send_cq;
    public Pointer recv_cq;
    public Pointer srq;
    public int handle;
    /** The QP number: with the LID or GID, the address a peer sends to. */
    public int qp_num;
    /** The state as libibverbs last saw it; {@code ibv_query_qp} asks the device. */
    public int state;
    public int qp_type;
    /** {@code pthread_mutex_t} (x86_64 glibc: 40 bytes). */
    public long[] mutex = new long[5];
    /** {@code pthread_cond_t} (48 bytes). */
    public long[] cond = new long[6];
    public int events_completed;

    private static final ibv_qp LAYOUT = new ibv_qp();

    public static int offsetOf(String field) {
        return LAYOUT.fieldOffset(field);
    }
}
