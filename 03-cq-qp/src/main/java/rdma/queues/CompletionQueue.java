package rdma.queues;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import rdma.devices.DeviceContext;
import rdma.support.VerbsException;

/**
 * {@code ibv_create_cq} and {@code ibv_destroy_cq}. The device puts a work completion here for
 * every receive, and for every send that asked for one; {@link Completions} takes them out.
 */
public final class CompletionQueue implements AutoCloseable {
    private final DeviceContext context;
    private final int capacity;
    private Pointer cq;

    private CompletionQueue(DeviceContext context, Pointer cq, int capacity) {
        this.context = context;
        this.cq = cq;
        this.capacity = capacity;
    }

    /**
     * A CQ with room for at least {@code entries} completions, which the program polls. The three
     * other arguments of {@code ibv_create_cq} stay NULL, NULL and 0: a value the program gets
     * back with each event, a channel for the events, and a completion vector.
     */
    public static CompletionQueue create(DeviceContext context, int entries) {
        return created(context, QueueVerbs.ibv_create_cq(context.pointer(), entries, null, null, 0), entries);
    }

    /**
     * Takes what {@code ibv_create_cq} returned for {@code entries} entries on {@code context}:
     * the CQ, owned from now on and destroyed by {@link #close}, or an error when it returned
     * NULL. For a program that calls {@code ibv_create_cq} with other arguments itself.
     */
    public static CompletionQueue created(DeviceContext context, Pointer cq, int entries) {
        if (cq == null) {
            throw VerbsException.ofErrno("ibv_create_cq(" + entries + " entries)", Native.getLastError(),
                    "Ask for fewer entries (max_cqe in ibv_devinfo -v)");
        }
        return new CompletionQueue(context, cq, entries);
    }

    public DeviceContext context() {
        return context;
    }

    public int capacity() {
        return capacity;
    }

    /** The {@code struct ibv_cq *}. */
    public Pointer pointer() {
        if (cq == null) {
            throw new IllegalStateException("the completion queue is destroyed");
        }
        return cq;
    }

    /** Fails with EBUSY (and stays) while a QP still uses this CQ. */
    @Override
    public void close() {
        if (cq != null) {
            int rc = QueueVerbs.ibv_destroy_cq(cq);
            if (rc == 0) {
                cq = null;
            }
            VerbsException.check(rc, "ibv_destroy_cq", "Destroy the QPs that use this CQ first");
        }
    }
}
