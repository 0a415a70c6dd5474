package rdma.events.timeouts;

import com.sun.jna.Pointer;
import rdma.events.CompletionChannel;
import rdma.events.EventVerbs;
import rdma.events.NotifyVerbs;
import rdma.memory.ProtectionDomain;
import rdma.queues.CompletionQueue;
import rdma.queues.Completions;
import rdma.queues.QpTransitions;
import rdma.queues.QueueCapacity;
import rdma.queues.QueuePair;
import rdma.queues.c.QpAttrMask;
import rdma.queues.c.QpState;
import rdma.queues.c.ibv_qp_attr;
import rdma.queues.requests.ReceiveRequest;
import rdma.support.ResourceStack;
import rdma.support.VerbsException;

/**
 * A way for another thread to end a sleep in {@code ibv_get_cq_event}. Nothing interrupts that
 * read of the channel's fd but an event, and an event comes only from a completion; so the alarm
 * is a completion kept ready: a QP of its own that never connects, one receive posted on it, its
 * CQ armed on the same channel. {@link #ring} moves the QP to the error state, the device flushes
 * the receive (a completion with status {@code IBV_WC_WR_FLUSH_ERR}), and the armed CQ raises an
 * event that wakes the sleeper, which sees whose CQ it is ({@link #isFor}) and acknowledges it
 * ({@link #acknowledge}); then the alarm is set again ({@link #reset}). The verbs rule at work:
 * a QP in the error state completes every work request it holds, flushed; the kernel drains a QP
 * the same way. Resources go in chapter 03's order: QP, CQ, PD.
 */
public final class Alarm implements AutoCloseable {
    /** Any port will do for a QP that never sends: port 1 is on every device. */
    private static final int PORT = 1;
    static final String RING_HINT = "The device could not flush the alarm's QP: the waiter cannot time out";
    static final String RESET_HINT = "The alarm's QP is unusable: the waiter cannot time out";

    /** The PD, the CQ and the QP, closed in reverse. */
    private final ResourceStack resources;
    private final CompletionQueue cq;
    private final QueuePair qp;
    private final ReceiveRequest receive;
    private final Completions flushed;
    private final NotifyVerbs notify;
    private final long address;

    private Alarm(ResourceStack resources, CompletionQueue cq, QueuePair qp) {
        this.resources = resources;
        this.cq = cq;
        this.qp = qp;
        this.receive = new ReceiveRequest(qp, 0, "the alarm"); // no buffer: nothing ever lands in it
        this.flushed = new Completions(cq, 1, "the alarm");
        this.notify = NotifyVerbs.of(cq.context());
        this.address = Pointer.nativeValue(cq.pointer());
    }

    /** An alarm on {@code channel}, set: a PD, a CQ of one entry and a QP of its own. */
    public static Alarm create(CompletionChannel channel) {
        ResourceStack resources = new ResourceStack();
        try {
            ProtectionDomain pd = resources.push(ProtectionDomain.allocate(channel.context()));
            CompletionQueue cq = resources.push(channel.createCq(1));
            QueuePair qp = resources.push(QueuePair.createRc(pd, cq, cq, QueueCapacity.of(1, 1).withSge(0, 0)));
            Alarm alarm = new Alarm(resources, cq, qp);
            alarm.set();
            return alarm;
        } catch (RuntimeException failed) {
            throw resources.closeAfter(failed);
        }
    }

    /** Whether {@code eventCq}, the address of the CQ whose event {@code ibv_get_cq_event} returned, is the alarm's. */
    public boolean isFor(long eventCq) {
        return eventCq == address;
    }

    /** The alarm's event, taken with {@code ibv_get_cq_event}: acknowledged at once, as each is rare. */
    public void acknowledge() {
        EventVerbs.ibv_ack_cq_events(cq.pointer(), 1);
    }

    /**
     * From any thread, once per {@link #set}: the QP to the error state. Its receive is flushed,
     * and the CQ, armed, raises an event on the channel.
     */
    public void ring() {
        to(QpState.IBV_QPS_ERR, RING_HINT);
    }

    /** Once its event was taken: takes the flushed receive, and sets the alarm again. */
    public void reset() {
        flushed.poll(); // the flushed receive: a CQ of one entry must be empty before the next
        to(QpState.IBV_QPS_RESET, RESET_HINT);
        set();
    }

    /** RESET to INIT, where a QP takes receives, one receive posted, the CQ armed. */
    private void set() {
        QpTransitions.Transition init = QpTransitions.toInit(PORT, 0);
        qp.modify(init.attr(), init.mask(), RESET_HINT);
        receive.post();
        int rc = notify.ibv_req_notify_cq(cq.pointer(), 0);
        if (rc != 0) {
            VerbsException.check(rc, "ibv_req_notify_cq(the alarm)", RESET_HINT);
        }
    }

    private void to(QpState state, String hint) {
        ibv_qp_attr attr = new ibv_qp_attr();
        attr.qp_state = state.value();
        qp.modify(attr, QpAttrMask.IBV_QP_STATE.value(), hint);
    }

    /** The QP, then its CQ (every event of which was acknowledged when it was taken), then the PD. */
    @Override
    public void close() {
        resources.close();
    }
}
