package rdma.events;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import rdma.devices.Libibverbs;

/**
 * The verbs of completion events that libibverbs exports as functions (unlike
 * {@code ibv_req_notify_cq}: see {@link NotifyVerbs}). Direct mapping, named as in C, against the
 * library chapter 01 loads.
 */
public final class EventVerbs {
    static {
        Native.register(EventVerbs.class, Libibverbs.load());
    }

    private EventVerbs() {
    }

    /** {@code struct ibv_comp_channel *ibv_create_comp_channel(struct ibv_context *context)}. */
    public static native Pointer ibv_create_comp_channel(Pointer context);

    /** {@code int ibv_destroy_comp_channel(struct ibv_comp_channel *channel)}: EBUSY while a CQ still uses it. */
    public static native int ibv_destroy_comp_channel(Pointer channel);

    /**
     * {@code int ibv_get_cq_event(struct ibv_comp_channel *channel, struct ibv_cq **cq, void **cq_context)}:
     * reads one event from the channel's fd, and writes which CQ it is for. The fd is blocking, as
     * libibverbs makes it: the read sleeps until an event comes.
     */
    public static native int ibv_get_cq_event(Pointer channel, Pointer cq, Pointer cqContext);

    /**
     * {@code void ibv_ack_cq_events(struct ibv_cq *cq, unsigned int nevents)}: every event taken must
     * be acknowledged, or {@code ibv_destroy_cq} waits for ever; acknowledging takes a mutex, so
     * programs acknowledge many at once.
     */
    public static native void ibv_ack_cq_events(Pointer cq, int nevents);
}
