package rdma.pingpong;

import java.util.concurrent.TimeUnit;
import rdma.pingpong.waiting.CompletionWaiter;
import rdma.queues.Completions;
import rdma.queues.DataPath;
import rdma.queues.Endpoint;
import rdma.queues.c.WrOpcode;
import rdma.queues.requests.ReceiveRequest;
import rdma.queues.requests.SendRequest;
import rdma.support.VerbsException;

/**
 * rc_pingpong.c's data loop: each side keeps up to {@code rxDepth} receives posted and one send
 * in flight; a side sends its next message once its previous send completed and the peer's next
 * message arrived. Everything the loop touches is built before it starts: the work requests and
 * the completion array live in native memory and are read at fixed offsets, so an iteration
 * creates no Java object.
 */
public final class PingpongLoop {
    public static final long RECV_WRID = 1;
    public static final long SEND_WRID = 2;
    private final Completions completions;
    private final ReceiveRequest[] receives;
    private final SendRequest send;
    private final CompletionWaiter waiter;
    private final int rxDepth;
    private final int iters;
    private final String side;
    private int outstandingReceives;
    /** What this side waits for before it sends again: {@link #RECV_WRID}, {@link #SEND_WRID}, or both. */
    private long pending;
    private int received;
    private int sent;

    /**
     * The loop of one side over {@code endpoint}'s buffer: messages of {@code size} bytes,
     * {@code sendFlags} on every send, completions taken by {@code waiter}.
     */
    public PingpongLoop(Endpoint endpoint, int size, int rxDepth, int iters, int sendFlags, CompletionWaiter waiter, String side) {
        this(endpoint, size, rxDepth, iters, sendFlags, waiter, side, DataPath.of(endpoint.context()));
    }

    /** The same loop, calling the data-path verbs through {@code dataPath}. */
    public PingpongLoop(Endpoint endpoint, int size, int rxDepth, int iters, int sendFlags, CompletionWaiter waiter, String side,
            DataPath dataPath) {
        this.completions = new Completions(endpoint.cq(), 2, side, dataPath);
        this.receives = receiveChain(endpoint, size, rxDepth, side, dataPath);
        this.send = new SendRequest(endpoint.qp(), 1, side, dataPath).wrId(SEND_WRID).opcode(WrOpcode.IBV_WR_SEND)
                .sendFlags(sendFlags).sge(0, endpoint.buffer(), 0, size);
        this.waiter = waiter;
        this.rxDepth = rxDepth;
        this.iters = iters;
        this.side = side;
    }

    /**
     * {@code rxDepth} identical receives, chained through their {@code next} pointers once.
     * rc_pingpong.c refills its receive queue with one {@code ibv_post_recv} per request; posting
     * the last {@code k} requests of the chain is one call that puts the same requests on the
     * queue, and each call from Java costs more than one from C.
     */
    private static ReceiveRequest[] receiveChain(Endpoint endpoint, int size, int rxDepth, String side, DataPath dataPath) {
        ReceiveRequest[] chain = new ReceiveRequest[rxDepth];
        for (int i = rxDepth - 1; i >= 0; i--) {
            chain[i] = new ReceiveRequest(endpoint.qp(), 1, side, dataPath).wrId(RECV_WRID).sge(0, endpoint.buffer(), 0, size)
                    .next(i + 1 < rxDepth ? chain[i + 1] : null);
        }
        return chain;
    }

    /** Posts the first {@code rxDepth} receives: before the exchange, so the peer can send at once. */
    public void postInitialReceives() {
        outstandingReceives = postReceives(rxDepth);
    }

    /** Posts the last {@code count} requests of the chain, with one call. */
    private int postReceives(int count) {
        receives[rxDepth - count].post();
        return count;
    }

    /** How many of the peer's messages arrived in the last {@link #run}: after a failure, how far it got. */
    public int received() {
        return received;
    }

    /** Runs the exchange and returns how long it took; the client ({@code startsSending}) posts the first send. */
    public long run(boolean startsSending) {
        pending = RECV_WRID;
        received = 0;
        sent = 0;
        if (startsSending) {
            send.post();
            pending |= SEND_WRID;
        }
        long start = System.nanoTime();
        while (received < iters || sent < iters) {
            int count = waiter.await(completions, Connection.STALL_NANOS);
            if (count == 0) {
                throw stalled();
            }
            take(count);
        }
        return System.nanoTime() - start;
    }

    /**
     * Counts the {@code count} completions of one wait, keeps the receive queue filled, and posts
     * the next send when it is due. A method of its own for the JIT's sake: HotSpot compiles a
     * method after a few hundred calls, but the loop of a method that is called once, like
     * {@link #run}, only by on-stack replacement, after tens of thousands of trips round it
     * ({@code -XX:Tier3BackEdgeThreshold}, 60000 by default): written inside {@code run}, this work
     * ran in the interpreter for the first tens of thousands of completions of every run.
     */
    private void take(int count) {
        for (int i = 0; i < count; i++) {
            completions.requireSuccess(i);
            long wrId = completions.wrId(i);
            if (wrId == SEND_WRID) {
                sent++;
            } else if (wrId == RECV_WRID) {
                if (--outstandingReceives <= 1) {
                    outstandingReceives += postReceives(rxDepth - outstandingReceives);
                }
                received++;
            } else {
                throw new VerbsException("ibv_poll_cq(" + side + ")", "completion for unknown wr_id " + wrId,
                        "This is a bug; please report it");
            }
            pending &= ~wrId;
            if (sent < iters && pending == 0) {
                send.post();
                pending = RECV_WRID | SEND_WRID;
            }
        }
    }

    private VerbsException stalled() {
        return new VerbsException("ibv_poll_cq(" + side + ")", "no completion for " + TimeUnit.NANOSECONDS.toSeconds(Connection.STALL_NANOS)
                + " s after " + received + " receives and " + sent + " sends",
                "The peer is gone or stopped: check the other side's output");
    }
}
