package rdma.queues.c;

import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;
import rdma.devices.c.PthreadTypes;

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
    /** {@code pthread_mutex_t}: its size depends on the platform. */
    public long[] mutex = PthreadTypes.mutex();
    /** {@code pthread_cond_t}. */
    public long[] cond = PthreadTypes.cond();
    public int events_completed;
}
