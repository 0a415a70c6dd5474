package rdma.cm;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.Optional;
import rdma.cm.c.CmEventType;
import rdma.cm.c.rdma_cm_event;
import rdma.cm.c.rdma_event_channel;
import rdma.support.Errno;
import rdma.support.Layout;
import rdma.support.VerbsException;

/**
 * {@code rdma_create_event_channel} and {@code rdma_destroy_event_channel}: where the connection
 * manager reports what happened to the identifiers created on it. Its descriptor is made
 * non-blocking ({@link Poll}), so that {@link #next} waits with {@code poll(2)} and a timeout: no
 * wait here lasts for ever. (Chapter 08's completion channel sleeps in a blocking read instead,
 * for the sake of a message's latency; the connection manager's events are few.) Each event is copied and
 * acknowledged at once, since an identifier cannot be destroyed while an event of it is not.
 */
public final class EventChannel implements AutoCloseable {
    private static final Layout EVENT = Layout.of(rdma_cm_event.class);

    private final Memory eventOut = new Memory(Native.POINTER_SIZE);
    /** Events read while a wait was for another identifier's, kept for the wait that wants them. */
    private final Deque<CmEvent> backlog = new ArrayDeque<>();
    private final Poll.Readable readable;
    private Pointer channel;

    private EventChannel(Pointer channel) {
        this.channel = channel;
        this.readable = new Poll.Readable(fd(), "the event channel");
    }

    public static EventChannel create() {
        Pointer channel = CmVerbs.rdma_create_event_channel();
        if (channel == null) {
            throw VerbsException.ofErrno("rdma_create_event_channel", Native.getLastError(),
                    "Is the rdma_ucm kernel module loaded (ls /dev/infiniband/rdma_cm), and may this user open it?");
        }
        int fd = new rdma_event_channel(channel).fd;
        if (Poll.nonBlocking(fd) < 0) {
            int errno = Native.getLastError();
            CmVerbs.rdma_destroy_event_channel(channel);
            throw VerbsException.ofErrno("fcntl(O_NONBLOCK) on the event channel's fd " + fd, errno, "Report this");
        }
        return new EventChannel(channel);
    }

    /** The {@code struct rdma_event_channel *}. */
    public Pointer pointer() {
        if (channel == null) {
            throw new IllegalStateException("the event channel is destroyed");
        }
        return channel;
    }

    public int fd() {
        return new rdma_event_channel(pointer()).fd;
    }

    /**
     * The next event about {@code id} (an event is about an identifier, and a connection request
     * also about its listener), copied and acknowledged ({@code rdma_get_cm_event}, then
     * {@code rdma_ack_cm_event}); empty when none came within {@code timeoutMillis}. Events about
     * other identifiers of the channel are kept for their own waits.
     */
    public Optional<CmEvent> next(CmId id, long timeoutMillis) {
        for (Iterator<CmEvent> kept = backlog.iterator(); kept.hasNext(); ) {
            CmEvent event = kept.next();
            if (id.owns(event)) {
                kept.remove();
                return Optional.of(event);
            }
        }
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000;
        while (true) {
            if (CmVerbs.rdma_get_cm_event(pointer(), eventOut) == 0) {
                CmEvent event = copyAndAcknowledge(eventOut.getPointer(0));
                if (id.owns(event)) {
                    return Optional.of(event);
                }
                backlog.add(event);
                continue;
            }
            int errno = Native.getLastError();
            if (errno != Errno.EAGAIN) {
                throw VerbsException.ofErrno("rdma_get_cm_event", errno, "The event channel is unusable");
            }
            long remaining = deadline - System.nanoTime();
            if (remaining <= 0 || !readable.within(remaining)) {
                return Optional.empty();
            }
        }
    }

    /**
     * The next event about {@code id}, which must be {@code expected}: any other is an error that says what it
     * means ({@link CmFailures}), as is none within {@code timeoutMillis}. {@code what} names the
     * step that waits, for the error.
     */
    public CmEvent expect(CmId id, CmEventType expected, long timeoutMillis, String what) {
        CmEvent event = next(id, timeoutMillis).orElseThrow(() -> new VerbsException(what, "no " + expected.name() + " within "
                + timeoutMillis + " ms", "Is the peer there, and reachable over its RDMA interface?"));
        if (!event.is(expected)) {
            throw CmFailures.of(event, what);
        }
        return event;
    }

    private static CmEvent copyAndAcknowledge(Pointer event) {
        String conn = "param.conn.";
        int length = Byte.toUnsignedInt(event.getByte(EVENT.offsetOf(conn + "private_data_len")));
        Pointer data = event.getPointer(EVENT.offsetOf(conn + "private_data"));
        CmEvent copy = new CmEvent(event.getInt(EVENT.offsetOf("event")), event.getInt(EVENT.offsetOf("status")),
                event.getPointer(EVENT.offsetOf("id")), event.getPointer(EVENT.offsetOf("listen_id")),
                data == null || length == 0 ? new byte[0] : data.getByteArray(0, length),
                Byte.toUnsignedInt(event.getByte(EVENT.offsetOf(conn + "responder_resources"))),
                Byte.toUnsignedInt(event.getByte(EVENT.offsetOf(conn + "initiator_depth"))));
        VerbsException.check(CmVerbs.rdma_ack_cm_event(event), "rdma_ack_cm_event", "Report this");
        return copy;
    }

    /** Destroy every identifier of the channel first: librdmacm's destroy does not check. */
    @Override
    public void close() {
        if (channel != null) {
            CmVerbs.rdma_destroy_event_channel(channel);
            channel = null;
        }
    }
}
