package rdma.pingpong;

import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;
import rdma.devices.VerbsException;
import rdma.queues.Completions;
import rdma.queues.SendRequest;

/**
 * rc_pingpong.c's data loop: each side keeps up to {@code rxDepth} receives posted and one send
 * in flight; a side sends its next message once its previous send completed and the peer's next
 * message arrived. Everything the loop touches is built before it starts: the work requests and
 * the completion array live in native memory and are read at fixed offsets, so an iteration
 * allocates no Java object.
 */
final class PingpongLoop {
    static final long RECV_WRID = 1;
    static final long SEND_WRID = 2;
    /** With no completion for this long, the peer is taken to be gone: an error, not a hang. */
    static final long STALL_NANOS = TimeUnit.SECONDS.toNanos(10);

    /** How long the loop took, and what the second half of it allocated (steady state). */
    record Result(long elapsedNanos, int iterationsMeasured, long bytesAllocated) {
    }

    private final Completions completions;
    private final ReceiveChain receives;
    private final SendRequest send;
    private final int rxDepth;
    private final int iters;
    private final String side;
    private int outstandingReceives;

    PingpongLoop(PingpongContext context, int size, int rxDepth, int iters, String side) {
        this.completions = new Completions(context.cq(), 2, side);
        this.receives = new ReceiveChain(context.qp(), context.buffer(), size, RECV_WRID, rxDepth, side);
        this.send = new SendRequest(context.qp(), context.buffer(), size, SEND_WRID, context.sendFlags(), side);
        this.rxDepth = rxDepth;
        this.iters = iters;
        this.side = side;
    }

    /** Posts the first {@code rxDepth} receives: before the exchange, so the peer can send at once. */
    void postInitialReceives() {
        outstandingReceives = postReceives(rxDepth);
    }

    private int postReceives(int count) {
        receives.post(count);
        return count;
    }

    /** Runs the exchange; the client ({@code startsSending}) posts the first send. */
    Result run(boolean startsSending) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        int measureFrom = Math.max(1, iters / 2);
        long allocatedAtHalf = 0;
        long pending = RECV_WRID;
        if (startsSending) {
            send.post();
            pending |= SEND_WRID;
        }
        int received = 0;
        int sent = 0;
        long start = System.nanoTime();
        long lastProgress = start;
        while (received < iters || sent < iters) {
            int count = completions.poll();
            if (count == 0) {
                if (System.nanoTime() - lastProgress > STALL_NANOS) {
                    throw stalled(received, sent);
                }
                continue;
            }
            lastProgress = System.nanoTime();
            for (int i = 0; i < count; i++) {
                if (completions.status(i) != Completions.IBV_WC_SUCCESS) {
                    completions.requireSuccess(i);
                }
                long wrId = completions.wrId(i);
                if (wrId == SEND_WRID) {
                    sent++;
                } else if (wrId == RECV_WRID) {
                    if (--outstandingReceives <= 1) {
                        outstandingReceives += postReceives(rxDepth - outstandingReceives);
                    }
                    received++;
                    if (received == measureFrom) {
                        allocatedAtHalf = threads.getCurrentThreadAllocatedBytes();
                    }
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
        long elapsed = System.nanoTime() - start;
        long allocated = threads.getCurrentThreadAllocatedBytes() - allocatedAtHalf;
        return new Result(elapsed, iters - measureFrom, allocated);
    }

    private VerbsException stalled(int received, int sent) {
        return new VerbsException("ibv_poll_cq(" + side + ")", "no completion for " + STALL_NANOS / 1_000_000_000
                + " s after " + received + " receives and " + sent + " sends",
                "The peer is gone or stopped: check the other side's output");
    }
}
