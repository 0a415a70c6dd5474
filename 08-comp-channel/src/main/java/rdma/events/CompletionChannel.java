package rdma.events;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import rdma.devices.DeviceContext;
import rdma.events.c.ibv_comp_channel;
import rdma.queues.CompletionQueue;
import rdma.queues.QueueVerbs;
import rdma.support.VerbsException;

/**
 * {@code ibv_create_comp_channel} and {@code ibv_destroy_comp_channel}: a file descriptor that
 * the device makes readable when a CQ attached to it ({@link #createCq}) has an event. The
 * descriptor stays blocking, as libibverbs makes it: {@code ibv_get_cq_event} sleeps in its read
 * until an event comes. It is destroyed after the CQs that report to it.
 */
public final class CompletionChannel implements AutoCloseable {
    private final DeviceContext context;
    private final int fd;
    private Pointer channel;

    private CompletionChannel(DeviceContext context, Pointer channel, int fd) {
        this.context = context;
        this.channel = channel;
        this.fd = fd;
    }

    public static CompletionChannel create(DeviceContext context) {
        Pointer channel = EventVerbs.ibv_create_comp_channel(context.pointer());
        if (channel == null) {
            throw VerbsException.ofErrno("ibv_create_comp_channel(" + context.device().name() + ")", Native.getLastError(),
                    "The process may have run out of file descriptors (ulimit -n)");
        }
        return new CompletionChannel(context, channel, new ibv_comp_channel(channel).fd);
    }

    public DeviceContext context() {
        return context;
    }

    /** The {@code struct ibv_comp_channel *}. */
    public Pointer pointer() {
        if (channel == null) {
            throw new IllegalStateException("the completion channel is destroyed");
        }
        return channel;
    }

    /**
     * A CQ of this channel's context, with room for {@code entries} completions, that reports its
     * events here: the channel is {@code ibv_create_cq}'s fourth argument, where a polled CQ has
     * NULL. Destroy the CQ before the channel.
     */
    public CompletionQueue createCq(int entries) {
        return CompletionQueue.created(context, QueueVerbs.ibv_create_cq(context.pointer(), entries, null, pointer(), 0), entries);
    }

    /** The file descriptor that becomes readable with each event. */
    public int fd() {
        return fd;
    }

    /** Fails with EBUSY (and stays) while a CQ still reports to this channel. */
    @Override
    public void close() {
        if (channel != null) {
            int rc = EventVerbs.ibv_destroy_comp_channel(channel);
            if (rc == 0) {
                channel = null;
            }
            VerbsException.check(rc, "ibv_destroy_comp_channel", "Destroy the CQs that report to this channel first");
        }
    }
}
