package rdma.events;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import rdma.events.timeouts.Alarm;
import rdma.events.timeouts.Watchdog;
import rdma.pingpong.waiting.CompletionWaiter;
import rdma.queues.CompletionQueue;
import rdma.queues.Completions;
import rdma.support.Errno;
import rdma.support.VerbsException;

/**
 * Waits for one CQ's completions on its completion channel, sleeping instead of spinning:
 *
 * <ol>
 * <li><b>arm</b>: {@code ibv_req_notify_cq} asks for one event at the next completion;</li>
 * <li><b>poll again</b>: a completion that arrived before the CQ was armed raises no event, so
 * it must be found now, or the program sleeps with work waiting (the race);</li>
 * <li><b>wait and take</b>: {@code ibv_get_cq_event} sleeps in a read of the channel's fd until an
 * event comes, as {@code ibv_rc_pingpong -e} does; it is acknowledged with
 * {@code ibv_ack_cq_events}, {@link #ACK_BATCH} at a time, since each call takes a mutex;</li>
 * <li><b>re-arm, then drain</b>: arm again first, then poll, as {@code ibv_rc_pingpong -e}
 * does: a completion after the poll raises the next event. So when that poll emptied the CQ, the
 * next wait sleeps at once, with no poll before it.</li>
 * </ol>
 *
 * A read has no timeout, and a peer that vanished must be an error, not a hang: a {@link Watchdog}
 * keeps the time of each sleep on a thread of its own and, when one outlasts its timeout, rings an
 * {@link Alarm}, a completion of its own on the same channel, whose event ends the read. So the
 * sleeping thread makes one system call per wake-up, the read, as C does.
 *
 * <p>With a spin budget (the adaptive mode), it first polls for that long, and arms and sleeps only
 * if nothing came: most of busy polling's latency when messages come fast, an idle CPU when they
 * do not. Closing acknowledges every event still unacknowledged: {@code ibv_destroy_cq} waits
 * until each event of its CQ is, for ever. Nothing here creates an object per wait.
 */
public final class EventWaiter implements CompletionWaiter {
    /** Events acknowledged in one call. */
    static final int ACK_BATCH = 64;

    private final CompletionChannel channel;
    private final Pointer cq;
    private final NotifyVerbs notify;
    private final long spinNanos;
    private final int solicitedOnly;
    private final Alarm alarm;
    private final Watchdog watchdog;
    private final Memory eventCq;
    private final Pointer eventContext;
    private final ByteBuffer eventCqView;
    private boolean armed;
    private boolean emptied;
    private int unacked;
    private long events;

    /**
     * A waiter for {@code cq}, which reports to {@code channel}; it spins for {@code spinNanos}
     * before it sleeps (0: it sleeps at once), and with {@code solicitedOnly} wakes only for
     * solicited completions (a SEND with {@code IBV_SEND_SOLICITED}) and failed ones.
     */
    public EventWaiter(CompletionChannel channel, CompletionQueue cq, long spinNanos, boolean solicitedOnly) {
        this(channel, cq, spinNanos, solicitedOnly, NotifyVerbs.of(cq.context()));
    }

    /** The same, arming the CQ with {@code notify}: the tests arm with a stand-in that fails. */
    EventWaiter(CompletionChannel channel, CompletionQueue cq, long spinNanos, boolean solicitedOnly, NotifyVerbs notify) {
        this.channel = channel;
        this.cq = cq.pointer();
        this.notify = notify;
        this.spinNanos = spinNanos;
        this.solicitedOnly = solicitedOnly ? 1 : 0;
        this.eventCq = new Memory(2L * Native.POINTER_SIZE); // where ibv_get_cq_event writes the CQ, then its context
        this.eventContext = eventCq.share(Native.POINTER_SIZE);
        this.eventCqView = eventCq.getByteBuffer(0, Native.POINTER_SIZE).order(ByteOrder.nativeOrder());
        this.alarm = Alarm.create(channel);
        try {
            this.watchdog = new Watchdog(alarm, "events-watchdog");
        } catch (RuntimeException | Error failed) {
            alarm.close();
            throw failed;
        }
    }

    @Override
    public int await(Completions completions, long timeoutNanos) {
        if (armed && emptied && spinNanos == 0) {
            // The CQ is armed, and the poll after the arm left it empty: whatever completed since
            // raises an event, so sleep at once, as ibv_rc_pingpong -e does, without a poll first.
            return sleep(completions, timeoutNanos);
        }
        int count = poll(completions);
        if (count > 0) {
            return count;
        }
        if (spinNanos > 0 && (count = spin(completions)) > 0) {
            return count;
        }
        if (!armed) {
            arm();
            count = poll(completions); // the race: a completion before the arm raises no event
            if (count > 0) {
                return count;
            }
        }
        return sleep(completions, timeoutNanos);
    }

    /** One poll, noting whether it emptied an armed CQ (it took fewer than the array holds). */
    private int poll(Completions completions) {
        int count = completions.poll();
        emptied = armed && count < completions.capacity();
        return count;
    }

    /**
     * Sleeps until an event brings completions, or the watchdog's alarm says that
     * {@code timeoutNanos} passed with none. An event for completions an earlier poll already
     * took finds nothing: the sleep goes on, and the watchdog keeps counting its time.
     */
    private int sleep(Completions completions, long timeoutNanos) {
        watchdog.asleep(timeoutNanos);
        try {
            while (true) {
                long cq = takeEvent();
                if (alarm.isFor(cq)) {
                    alarm.acknowledge();
                    if (watchdog.heard()) {
                        return 0; // the time is up
                    }
                    continue; // it rang for a sleep that ended anyway
                }
                tookEvent();
                arm(); // before the poll: a completion after it raises the next event
                int count = poll(completions);
                if (count > 0) {
                    return count;
                }
            }
        } finally {
            watchdog.awake();
        }
    }

    /** The adaptive mode's first phase: polls for {@code spinNanos}; what it found, or 0. */
    private int spin(Completions completions) {
        long start = System.nanoTime();
        int count;
        do {
            count = poll(completions);
        } while (count == 0 && System.nanoTime() - start < spinNanos);
        return count;
    }

    /** Events taken so far: one per wake-up, and many completions may come with each. */
    public long events() {
        return events;
    }

    private void arm() {
        int rc = notify.ibv_req_notify_cq(cq, solicitedOnly);
        if (rc != 0) { // the message is built only on failure: arming in a loop allocates nothing
            VerbsException.check(rc, "ibv_req_notify_cq", "The CQ is unusable; destroy it and start again");
        }
        armed = true;
    }

    /** Reads the next event, sleeping until it comes: the address of the CQ it is for. */
    private long takeEvent() {
        while (EventVerbs.ibv_get_cq_event(channel.pointer(), eventCq, eventContext) != 0) {
            int errno = Native.getLastError();
            if (errno != Errno.EINTR) { // EINTR: a signal ended the read early; read again
                throw VerbsException.ofErrno("ibv_get_cq_event", errno, "The completion channel is unusable");
            }
        }
        // A pointer: 8 bytes on every platform this book runs on. Read through a direct buffer
        // over the memory, as completions are: Pointer.getLong would be one more native call per wake-up.
        return eventCqView.getLong(0);
    }

    /** An event of this waiter's CQ: counted, and acknowledged in batches. */
    private void tookEvent() {
        armed = false; // an armed CQ raises one event, then must be armed again
        events++;
        if (++unacked == ACK_BATCH) {
            acknowledge();
        }
    }

    private void acknowledge() {
        EventVerbs.ibv_ack_cq_events(cq, unacked);
        unacked = 0;
    }

    /** Acknowledges what is left: before the CQ is destroyed, on every path; then the watchdog and its alarm go. */
    @Override
    public void close() {
        if (unacked > 0) {
            acknowledge();
        }
        watchdog.close();
        alarm.close();
    }
}
