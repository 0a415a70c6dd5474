package rdma.events;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import rdma.devices.Errno;
import rdma.devices.VerbsException;
import rdma.queues.CompletionQueue;
import rdma.queues.CompletionWaiter;
import rdma.queues.Completions;

/**
 * Waits for one CQ's completions on its completion channel, sleeping instead of spinning:
 *
 * <ol>
 * <li><b>arm</b>: {@code ibv_req_notify_cq} asks for one event at the next completion;</li>
 * <li><b>poll again</b>: a completion that arrived before the CQ was armed raises no event, so
 * it must be found now, or the program sleeps with work waiting (the race);</li>
 * <li><b>wait</b>: {@code poll(2)} on the channel's fd, with a timeout, so that a peer that
 * vanished is an error and not a hang;</li>
 * <li><b>take and acknowledge</b>: {@code ibv_get_cq_event} reads the event; it is acknowledged
 * with {@code ibv_ack_cq_events}, {@link #ACK_BATCH} at a time, since each call takes a mutex;</li>
 * <li><b>re-arm, then drain</b>: arm again first, then poll, as {@code ibv_rc_pingpong -e}
 * does: a completion after the poll raises the next event. So when that poll emptied the CQ, the
 * next wait sleeps at once, with no poll before it.</li>
 * </ol>
 *
 * With a spin budget (the adaptive mode), it first polls for that long, and arms and sleeps only
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
    private final Poll.Readable readable;
    private final Memory eventCq;
    private final Pointer eventContext;
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
        this.readable = new Poll.Readable(channel.fd(), "the completion channel");
        this.eventCq = new Memory(2L * Native.POINTER_SIZE); // where ibv_get_cq_event writes the CQ, then its context
        this.eventContext = eventCq.share(Native.POINTER_SIZE);
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
     * Sleeps until an event brings completions, or {@code timeoutNanos} pass with none. The first
     * sleep reads no clock: where reading it is a system call, as in the lab, a sleep that ends
     * with its completion should not pay for two. Only a wake-up that found nothing (an event for
     * completions an earlier poll already took) starts the clock, for the sleeps after it; such a
     * wake-up comes at once, so the timeout still holds, give or take that first sleep.
     */
    private int sleep(Completions completions, long timeoutNanos) {
        if (!readable.within(timeoutNanos)) {
            return 0;
        }
        int count = wake(completions);
        if (count > 0) {
            return count;
        }
        long deadline = System.nanoTime() + timeoutNanos;
        long remaining = timeoutNanos;
        while (readable.within(remaining)) {
            count = wake(completions);
            if (count > 0) {
                return count;
            }
            remaining = deadline - System.nanoTime();
            if (remaining <= 0) {
                return 0;
            }
        }
        return 0;
    }

    /** Once the channel is readable: takes the event, re-arms, then drains; what it found, 0 for nothing. */
    private int wake(Completions completions) {
        if (!takeEvent()) {
            return 0; // woken, but another reader took the event
        }
        arm(); // before the poll: a completion after it raises the next event
        return poll(completions);
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

    /** Reads one event; false when there was none after all (the fd is non-blocking). */
    private boolean takeEvent() {
        int rc = EventVerbs.ibv_get_cq_event(channel.pointer(), eventCq, eventContext);
        if (rc != 0) {
            int errno = Native.getLastError();
            if (errno == Errno.EAGAIN) {
                return false;
            }
            throw VerbsException.ofErrno("ibv_get_cq_event", errno, "The completion channel is unusable");
        }
        armed = false; // an armed CQ raises one event, then must be armed again
        events++;
        if (++unacked == ACK_BATCH) {
            acknowledge();
        }
        return true;
    }

    private void acknowledge() {
        EventVerbs.ibv_ack_cq_events(cq, unacked);
        unacked = 0;
    }

    /** Acknowledges what is left: before the CQ is destroyed, on every path. */
    @Override
    public void close() {
        if (unacked > 0) {
            acknowledge();
        }
    }
}
