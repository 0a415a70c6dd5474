package rdma.errors;

import com.sun.jna.Native;
import rdma.devices.Libibverbs;
import rdma.errors.c.ibv_async_event;

/**
 * The verbs of asynchronous events, which libibverbs exports as functions. Direct mapping, named
 * as in C, against the library chapter 01 loads.
 */
public final class AsyncVerbs {
    static {
        Native.register(AsyncVerbs.class, Libibverbs.load());
    }

    private AsyncVerbs() {
    }

    /**
     * {@code int ibv_get_async_event(struct ibv_context *context, struct ibv_async_event *event)}:
     * reads one event from the context's {@code async_fd}. The fd is blocking as libibverbs opens
     * it, so the read sleeps until an event comes; made non-blocking, it fails with EAGAIN when none
     * is there.
     */
    public static native int ibv_get_async_event(com.sun.jna.Pointer context, ibv_async_event event);

    /**
     * {@code void ibv_ack_async_event(struct ibv_async_event *event)}: every event taken must be
     * acknowledged, or destroying the QP, CQ or SRQ it names waits for ever.
     */
    public static native void ibv_ack_async_event(ibv_async_event event);

    /** {@code const char *ibv_event_type_str(enum ibv_event_type event)}: the event's name, as libibverbs spells it. */
    public static native String ibv_event_type_str(int event);
}
