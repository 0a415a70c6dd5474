package rdma.errors;

import java.io.PrintStream;
import java.lang.ref.Reference;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import rdma.devices.Device;
import rdma.devices.c.Mtu;
import rdma.errors.c.EventType;
import rdma.memory.c.Access;
import rdma.queues.Endpoint;
import rdma.queues.EndpointSpec;
import rdma.queues.QpTransitions;
import rdma.queues.QueuePair;
import rdma.queues.RemoteAddress;
import rdma.queues.c.QpAttrMask;
import rdma.queues.c.QpState;
import rdma.queues.c.SendFlag;
import rdma.queues.c.WrOpcode;
import rdma.queues.c.ibv_qp_attr;
import rdma.queues.requests.SendRequest;
import rdma.support.CEnum;
import rdma.support.ResourceStack;

/**
 * Chapter 11's lesson: what goes wrong between two RC QPs, and how a program brings them back.
 * A requester (it sends) and a responder (it receives, and grants its buffer for RDMA WRITE) on a
 * device context each, connected to each other in this process, with a thread on each context
 * taking its asynchronous events. Each case provokes one error completion for real, prints every
 * completion and both QPs' states, then recovers both QPs (ERR, RESET, INIT, RTR, RTS, with fresh
 * PSNs) and proves the connection works again with a SEND.
 */
public final class ErrorsAndRecovery implements AutoCloseable {
    /** Each side's buffer: room for the SEND too large for the responder's small receive. */
    static final int BUFFER_BYTES = 4096;
    /** The responder's receive in the LEN case, smaller than the SEND that fills it. */
    static final int SMALL_RECEIVE = 64;
    /** How long a case waits for the completions it provoked. */
    private static final long CASE_NANOS = TimeUnit.SECONDS.toNanos(10);
    /** The local ACK timeouts the retry case measures: 4.2, 16.8 and 67.1 ms. */
    private static final int[] RETRY_TIMEOUTS = {10, 12, 14};
    /** How long the other side is given to show what the error did to it (a flushed receive, say). */
    private static final long SETTLE_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

    /**
     * The attributes of RTS that decide how failure is noticed: the local ACK timeout (exponent
     * of 4.096 us), the transport retries after it, and the retries after an RNR NAK (7: forever).
     */
    public record Retries(int timeout, int retryCnt, int rnrRetry) {
        /** Chapter 03's: 67 ms, 7 retries, RNR retried forever. */
        public static final Retries PATIENT = new Retries(14, 7, QpTransitions.RNR_RETRY_FOREVER);

        /** Sets the step to RTS's {@code timeout} and {@code retry_cnt} to these. */
        QpTransitions.Transition applyTo(QpTransitions.Transition rts) {
            rts.attr().timeout = (byte) timeout;
            rts.attr().retry_cnt = (byte) retryCnt;
            return rts;
        }

        /** How long a lost packet is retried before IBV_WC_RETRY_EXC_ERR: the first try and retry_cnt more, a timeout each. */
        double budgetMillis() {
            return (retryCnt + 1) * 4.096e-3 * (1L << timeout);
        }
    }

    private final PrintStream out;
    private final Device requesterDevice;
    private final Integer gidIndex;
    private final EndpointSpec spec;
    private final Mtu mtu;
    private final Side responder;
    /** Made again after its CQ overran (cq-overrun): a CQ that lost completions cannot be trusted. */
    private Side requester;

    private ErrorsAndRecovery(Device requesterDevice, Device responderDevice, Integer gidIndex, PrintStream out) {
        this.out = out;
        this.requesterDevice = requesterDevice;
        this.gidIndex = gidIndex;
        // The responder's QP and buffer allow RDMA WRITE: the REM_ACCESS case needs a WRITE that only its rkey stops.
        int remoteWrite = CEnum.bits(Access.IBV_ACCESS_LOCAL_WRITE, Access.IBV_ACCESS_REMOTE_WRITE);
        this.spec = EndpointSpec.of(BUFFER_BYTES).withBufferAccess(remoteWrite).withQpAccess(remoteWrite);
        ResourceStack made = new ResourceStack();
        try {
            responder = made.push(new Side("responder", responderDevice, gidIndex, spec, out));
            requester = made.push(new Side("requester", requesterDevice, gidIndex, spec, out));
            mtu = requester.endpoint().port().requirePathMtu(Mtu.ofBytes(1024).orElseThrow());
        } catch (RuntimeException failure) {
            throw made.closeAfter(failure);
        }
    }

    /** Both sides, each on its device, and connected to each other. */
    public static ErrorsAndRecovery open(Device requesterDevice, Device responderDevice, Integer gidIndex, PrintStream out) {
        ErrorsAndRecovery lesson = new ErrorsAndRecovery(requesterDevice, responderDevice, gidIndex, out);
        try {
            out.printf("requester on %s, responder on %s; async events watched on each context's async_fd%n",
                    requesterDevice.name(), responderDevice.name());
            lesson.connect(Retries.PATIENT);
            return lesson;
        } catch (RuntimeException failure) {
            lesson.close();
            throw failure;
        }
    }

    /** Runs {@code cases} in order, recovering both QPs after each. */
    public void run(List<Provoked> cases) {
        for (Provoked provoked : cases) {
            switch (provoked) {
                case rem_access -> remoteAccessError();
                case len -> lengthError();
                case rnr -> receiverNotReady();
                case retry -> retriesExceeded();
                case cq_overrun -> cqOverrun();
                default -> throw new IllegalStateException(provoked.name());
            }
            recover();
        }
    }

    /**
     * RESET to RTS on both QPs, toward each other: INIT, then RTR (the peer's QP number and the PSN
     * it will start from), then RTS (this side's first PSN and {@code retries}). Each connection
     * starts from fresh random PSNs, as the first did: a packet of the connection before, still on
     * the wire, is then most unlikely to carry the PSN the new one expects, and is not taken for
     * new data.
     */
    void connect(Retries retries) {
        int requesterPsn = freshPsn();
        int responderPsn = freshPsn();
        requester.endpoint().init();
        responder.endpoint().init();
        moveToRts(responder, requester, responderPsn, requesterPsn, Retries.PATIENT);
        moveToRts(requester, responder, requesterPsn, responderPsn, retries);
    }

    private void moveToRts(Side side, Side peer, int psn, int peerPsn, Retries retries) {
        RemoteAddress address = peer.endpoint().address();
        RemoteAddress peerStart = new RemoteAddress(address.lid(), address.qpn(), peerPsn, address.gid());
        side.endpoint().readyToReceive(peerStart, mtu, 0);
        side.endpoint().modify(retries.applyTo(QpTransitions.toRts(psn, retries.rnrRetry())));
    }

    private static int freshPsn() {
        return ThreadLocalRandom.current().nextInt() & 0xffffff;
    }

    /**
     * IBV_WC_REM_ACCESS_ERR: three WRITEs in one post, the first with an rkey one off the
     * responder's. The responder NAKs the first and its own QP goes to ERR (the IBA's class C
     * error), which its flushed receive shows; the requester's QP goes to ERR, and the two WRITEs
     * behind the first come back flushed, never sent. The IBA also asks the responder to raise
     * IBV_EVENT_QP_ACCESS_ERR, as a WRITE has no receive to fail; soft-RoCE (kernel 6.1) raises none.
     */
    private void remoteAccessError() {
        out.println("--- rem-access: an RDMA WRITE with an rkey the responder never granted, two good WRITEs behind it");
        responder.postReceive(SMALL_RECEIVE);
        int rkey = responder.endpoint().buffer().rkey();
        SendRequest[] chain = {write("WRITE, rkey one off", rkey + 1), write("WRITE, good rkey", rkey),
            write("WRITE, good rkey", rkey)};
        chain[0].next(chain[1]);
        chain[1].next(chain[2]);
        chain[0].post();
        // The chain's next pointers lead into the other requests' native memory, which the GC knows nothing of.
        Reference.reachabilityFence(chain);
        requester.await(3, CASE_NANOS);
        responder.await(1, SETTLE_NANOS);
        printStates();
    }

    private SendRequest write(String purpose, int rkey) {
        Endpoint source = requester.endpoint();
        return new SendRequest(source.qp(), 1, "requester").wrId(requester.wrId(purpose)).opcode(WrOpcode.IBV_WR_RDMA_WRITE)
                .sge(0, source.buffer(), 0, SMALL_RECEIVE).rdma(responder.endpoint().buffer().address(), rkey)
                .sendFlags(SendFlag.IBV_SEND_SIGNALED.value());
    }

    /**
     * A message larger than the receive it lands in is an error on both sides, never a
     * truncation: the IBA's statuses for it are IBV_WC_LOC_LEN_ERR on the responder's receive and
     * IBV_WC_REM_INV_REQ_ERR on the requester's SEND. Soft-RoCE (kernel 6.1) takes the receive for
     * a malformed one instead, and reports IBV_WC_LOC_QP_OP_ERR and IBV_WC_REM_OP_ERR.
     */
    private void lengthError() {
        out.printf("--- len: a SEND of %d bytes into a receive of %d%n", BUFFER_BYTES, SMALL_RECEIVE);
        responder.postReceive(SMALL_RECEIVE);
        send("SEND of " + BUFFER_BYTES + " bytes", BUFFER_BYTES);
        requester.await(1, CASE_NANOS);
        responder.await(1, SETTLE_NANOS);
        printStates();
    }

    private void send(String purpose, int length) {
        Endpoint source = requester.endpoint();
        new SendRequest(source.qp(), 1, "requester").wrId(requester.wrId(purpose)).opcode(WrOpcode.IBV_WR_SEND)
                .sge(0, source.buffer(), 0, length).sendFlags(SendFlag.IBV_SEND_SIGNALED.value()).post();
    }

    /**
     * Receiver Not Ready: the responder has no receive posted, and answers the SEND with an RNR NAK
     * that asks the requester to wait min_rnr_timer (0.64 ms here) and try again. With rnr_retry 0
     * the requester gives up at once (IBV_WC_RNR_RETRY_EXC_ERR) and its QP fails; the responder's
     * QP is not affected. With rnr_retry 7 it retries for ever, and the SEND completes once the
     * receive is posted.
     */
    private void receiverNotReady() {
        out.println("--- rnr: a SEND with no receive posted, the requester's rnr_retry 0");
        reconnect(new Retries(Retries.PATIENT.timeout(), Retries.PATIENT.retryCnt(), 0));
        send("SEND of 64 bytes", SMALL_RECEIVE);
        requester.await(1, CASE_NANOS);
        printStates();

        out.println("--- rnr: the same with rnr_retry 7 (forever), the receive posted 100 ms after the SEND");
        reconnect(Retries.PATIENT);
        long start = System.nanoTime();
        send("SEND of 64 bytes", SMALL_RECEIVE);
        sleep(TimeUnit.MILLISECONDS.toNanos(100));
        responder.postReceive(SMALL_RECEIVE);
        requester.await(1, CASE_NANOS);
        responder.await(1, CASE_NANOS);
        out.printf("requester: the SEND completed %d ms after it was posted, retried after each RNR NAK%n",
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
        printStates();
    }

    /**
     * IBV_WC_RETRY_EXC_ERR: the responder's QP goes back to RESET, as the QP of a peer that
     * restarted is, and drops every packet; no ACK comes, and the requester sends again after each
     * local ACK timeout until its retry count runs out. With 3 retries, four tries: the case
     * measures how long that takes for three timeouts, beside the budget the formula gives.
     */
    private void retriesExceeded() {
        out.println("--- retry: a SEND to a responder whose QP went back to RESET, retry_cnt 3, three timeouts");
        for (int timeout : RETRY_TIMEOUTS) {
            Retries quick = new Retries(timeout, 3, QpTransitions.RNR_RETRY_FOREVER);
            reconnect(quick);
            toReset(responder);
            long start = System.nanoTime();
            send("SEND of 64 bytes, timeout " + timeout, SMALL_RECEIVE);
            requester.await(1, CASE_NANOS);
            out.printf("requester: timeout %d: failed after %d ms; (retry_cnt + 1) x 4.096 us x 2^timeout = %.1f ms%n",
                    timeout, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start), quick.budgetMillis());
        }
        printStates();
    }

    /**
     * IBV_EVENT_CQ_ERR: more completions than the requester's CQ holds (its {@code cqe}), none of
     * them polled. A CQ is sized for every request that can be outstanding at once; past that,
     * completions are lost, and nothing tells which. The device reports it outside any work
     * request, as an asynchronous event on the context. The IBA has the CQ go to an error state
     * from which only destroying it returns, so the requester's side is made again, from its device
     * context to its QP; soft-RoCE (kernel 6.1) drops the completion and goes on.
     */
    private void cqOverrun() {
        int room = requester.cqRoom();
        int writes = room + 1;
        out.printf("--- cq-overrun: %d signaled WRITEs into a CQ with room for %d, none polled%n", writes, room);
        int rkey = responder.endpoint().buffer().rkey();
        int sendQueue = spec.capacity().maxSendWr();
        for (int posted = 0; posted < writes; posted++) {
            write("WRITE, good rkey", rkey).post();
            if ((posted + 1) % sendQueue == 0) {
                // A send queue holds max_send_wr requests: the batch must leave before the next one is posted.
                sleep(TimeUnit.MILLISECONDS.toNanos(200));
            }
        }
        boolean reported = requester.events().await(EventType.IBV_EVENT_CQ_ERR, CASE_NANOS);
        int[] drained = requester.drain();
        out.printf("requester: IBV_EVENT_CQ_ERR %s; its CQ held %d completions (%d successful) of the %d WRITEs%n",
                reported ? "came" : "did not come", drained[0], drained[1], writes);
        printStates();
        requester.close();
        requester = new Side("requester", requesterDevice, gidIndex, spec, out);
        out.println("requester: its context, PD, buffer, CQ and QP made again");
    }

    /**
     * Brings both QPs back from whatever state the case left them in: RESET first (allowed from
     * every state; it empties both queues of the QP, so their completions must have been taken
     * already), then INIT, RTR and RTS as at the start, with fresh PSNs. A SEND proves it.
     */
    private void recover() {
        reconnect(Retries.PATIENT);
        responder.postReceive(SMALL_RECEIVE);
        send("SEND of 64 bytes, after recovery", SMALL_RECEIVE);
        requester.await(1, CASE_NANOS);
        responder.await(1, CASE_NANOS);
        out.println("recovered: both QPs went RESET, INIT, RTR, RTS again, and a SEND went through");
    }

    private void reconnect(Retries retries) {
        toReset(requester);
        toReset(responder);
        connect(retries);
    }

    private static void toReset(Side side) {
        toReset(side.endpoint().qp());
    }

    /** {@code ibv_modify_qp} to RESET: the state a new QP starts in; allowed from every state. */
    static void toReset(QueuePair qp) {
        ibv_qp_attr attr = new ibv_qp_attr();
        attr.qp_state = QpState.IBV_QPS_RESET.value();
        qp.modify(attr, QpAttrMask.IBV_QP_STATE.value(), "Any state may go to RESET: report this");
    }

    private void printStates() {
        out.printf("states: requester %s, responder %s%n", requester.qpState(), responder.qpState());
    }

    private static void sleep(long nanos) {
        LockSupport.parkNanos(nanos);
    }

    /** The requester first, whose QP sends to the responder's. */
    @Override
    public void close() {
        try {
            requester.close();
        } finally {
            responder.close();
        }
    }
}
