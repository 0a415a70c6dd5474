package rdma.queues;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.util.concurrent.atomic.AtomicInteger;
import rdma.devices.DeviceContext;
import rdma.devices.VerbsException;

/**
 * {@code ibv_create_cq} and {@code ibv_destroy_cq}. The device puts a work completion here for
 * every receive, and for every send that asked for one; {@link Completions} takes them out.
 */
public final class CompletionQueue implements AutoCloseable {
    private static final AtomicInteger OPEN = new AtomicInteger();

    private final DeviceContext context;
    private final int capacity;
    private Pointer cq;

    private CompletionQueue(DeviceContext context, Pointer cq, int capacity) {
        this.context = context;
        this.cq = cq;
        this.capacity = capacity;
        OPEN.incrementAndGet();
    }

    /** A CQ with room for at least {@code entries} completions, and no completion channel: it is polled. */
    public static CompletionQueue create(DeviceContext context, int entries) {
        return create(context, entries, null);
    }

    /**
     * A CQ whose completions can also be waited for on {@code channel} (a
     * {@code struct ibv_comp_channel *} of the same context, chapter 08), or on none when null.
     */
    public static CompletionQueue create(DeviceContext context, int entries, Pointer channel) {
        Pointer cq = QueueVerbs.ibv_create_cq(context.pointer(), entries, null, channel, 0);
        if (cq == null) {
            throw VerbsException.ofErrno("ibv_create_cq(" + entries + " entries)", Native.getLastError(),
                    "Ask for fewer entries (max_cqe in ibv_devinfo -v)");
        }
        return new CompletionQueue(context, cq, entries);
    }

    public static int openCount() {
        return OPEN.get();
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
                OPEN.decrementAndGet();
            }
            VerbsException.check(rc, "ibv_destroy_cq", "Destroy the QPs that use this CQ first");
        }
    }
}
