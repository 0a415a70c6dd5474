package rdma.errors;

import com.sun.jna.Native;
import java.util.Optional;
import rdma.cm.Poll;
import rdma.devices.DeviceContext;
import rdma.devices.c.ibv_context;
import rdma.errors.c.EventType;
import rdma.errors.c.ibv_async_event;
import rdma.queues.c.ibv_qp;
import rdma.support.Errno;
import rdma.support.Layout;
import rdma.support.VerbsException;

/**
 * The asynchronous events of an open device: what happens outside any work request (a port going
 * down, a QP failing on its own, a CQ overrunning) arrives on the context's {@code async_fd},
 * one {@code struct ibv_async_event} per {@code ibv_get_async_event}. The fd is made
 * non-blocking and waited on with {@code poll(2)} (chapter 09's {@link Poll}), so that a watcher
 * sleeps without burning a core and still wakes now and then to see whether it should stop.
 */
public final class AsyncEvents {
    private static final int ASYNC_FD = Layout.of(ibv_context.class).offsetOf("async_fd");
    private static final int QP_NUM = Layout.of(ibv_qp.class).offsetOf("qp_num");

    private final DeviceContext context;
    private final int fd;
    private final Poll.Readable readable;
    private final ibv_async_event event = new ibv_async_event();

    private AsyncEvents(DeviceContext context, int fd) {
        this.context = context;
        this.fd = fd;
        this.readable = new Poll.Readable(fd, "the async event fd of " + context.device().name());
    }

    /** The events of {@code context}, whose {@code async_fd} this makes non-blocking. */
    public static AsyncEvents of(DeviceContext context) {
        int fd = context.pointer().getInt(ASYNC_FD);
        if (Poll.nonBlocking(fd) != 0) {
            throw VerbsException.ofErrno("fcntl(async_fd of " + context.device().name() + ", O_NONBLOCK)",
                    Native.getLastError(), "Report this");
        }
        return new AsyncEvents(context, fd);
    }

    /** The context's {@code async_fd}. */
    public int fd() {
        return fd;
    }

    /**
     * The next event, taken and acknowledged, or empty when none came within {@code timeoutNanos}.
     * What the event names is copied before {@code ibv_ack_async_event}: once acknowledged, the
     * QP or CQ it points to may be destroyed by another thread.
     */
    public Optional<AsyncEvent> next(long timeoutNanos) {
        if (!readable.within(timeoutNanos)) {
            return Optional.empty();
        }
        if (AsyncVerbs.ibv_get_async_event(context.pointer(), event) != 0) {
            int errno = Native.getLastError();
            if (errno == Errno.EAGAIN || errno == Errno.EINTR) {
                return Optional.empty(); // poll(2) after a signal says "look again", and nothing was there
            }
            throw VerbsException.ofErrno("ibv_get_async_event(" + context.device().name() + ")", errno,
                    "Was the device removed? Close its context and open it again");
        }
        AsyncEvent taken = copy(event);
        AsyncVerbs.ibv_ack_async_event(event);
        return Optional.of(taken);
    }

    private AsyncEvent copy(ibv_async_event raw) {
        EventType.Element element = EventType.of(raw.event_type).map(EventType::element).orElse(EventType.Element.NONE);
        // A port's number, or for a device's event what the kernel put there (0), as ibv_asyncwatch prints it.
        int port = element == EventType.Element.PORT || element == EventType.Element.NONE ? raw.element.port_num : -1;
        int qpNum = element == EventType.Element.QP ? raw.element.qp.getInt(QP_NUM) : -1;
        return new AsyncEvent(context.device().name(), raw.event_type, port, qpNum);
    }
}
