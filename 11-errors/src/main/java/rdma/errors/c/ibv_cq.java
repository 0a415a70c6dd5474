package rdma.errors.c;

import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;
import rdma.devices.c.PthreadTypes;

/**
 * {@code struct ibv_cq}: what {@code ibv_create_cq} returns. Its {@code cqe} is how many
 * completions the CQ really holds, which may be more than were asked for (soft-RoCE rounds up to
 * a power of two, less one).
 */
@FieldOrder({"context", "channel", "cq_context", "handle", "cqe", "mutex", "cond", "comp_events_completed",
        "async_events_completed"})
public class ibv_cq extends Structure {
    public Pointer context;
    public Pointer channel;
    public Pointer cq_context;
    public int handle;
    public int cqe;
    /** {@code pthread_mutex_t}: its size depends on the platform. */
    public long[] mutex = PthreadTypes.mutex();
    /** {@code pthread_cond_t}. */
    public long[] cond = PthreadTypes.cond();
    public int comp_events_completed;
    public int async_events_completed;
}
