package rdma.write.perftest;

import rdma.queues.c.SendFlag;
import rdma.queues.requests.SendRequest;
import rdma.write.RdmaRequests;
import rdma.write.session.Waits;

/**
 * perftest's bandwidth loop, for WRITE ({@code ib_write_bw}) and READ ({@code ib_read_bw}) alike:
 * keep up to {@code depth} messages in flight, and ask for a completion only every
 * {@code signalEvery} of them (selective signaling: a hundredth of the completions to take for
 * the same bytes). A completion also retires every unsignaled request posted before it, which is
 * what frees their room in the send queue. The {@code wr_id} of a message is its number, so a
 * completion says how far the loop got; an iteration creates no object.
 */
public final class BandwidthLoop {
    private final Waits waits;
    private final int iters;
    private final int depth;
    private final int signalEvery;

    /** {@code iters} messages, at most {@code depth} in flight, a completion every {@code signalEvery}. */
    public BandwidthLoop(Waits waits, int iters, int depth, int signalEvery) {
        this.waits = waits;
        this.iters = iters;
        this.depth = depth;
        this.signalEvery = signalEvery;
    }

    /**
     * Posts every message as the chain {@code first}..{@code last} ({@link RdmaRequests}), with
     * {@code flags} (such as {@code IBV_SEND_INLINE}) on the last piece, and waits until all
     * completed.
     */
    public BandwidthReport run(SendRequest first, SendRequest last, int flags) {
        int windows = iters / signalEvery + 2;
        BandwidthReport report = new BandwidthReport(windows);
        long[] windowStart = new long[windows];
        waits.onSendCompleted(wrId -> {
            if (wrId < iters) {
                int window = (int) (wrId / signalEvery);
                report.windowCompleted(windowStart[window], (int) (wrId - (long) window * signalEvery + 1));
            }
        });
        report.started();
        long posted = 0;
        while (waits.sendsCompleted() < iters) {
            posted = fillWindow(posted, first, last, flags, windowStart);
            waits.awaitSends(Math.min(iters, waits.sendsCompleted() + 1), "completions");
        }
        return report;
    }

    /**
     * Posts messages from number {@code posted} on while fewer than {@code depth} are in flight, and
     * returns the number of the next. A method of its own so that the JIT compiles it after a few
     * hundred calls, not tens of thousands of iterations into {@link #run} (chapter 04's
     * {@code PingpongLoop} says why).
     */
    private long fillWindow(long posted, SendRequest first, SendRequest last, int flags, long[] windowStart) {
        while (posted < iters && posted - waits.sendsCompleted() < depth) {
            boolean signaled = (posted + 1) % signalEvery == 0 || posted == iters - 1;
            if (posted % signalEvery == 0) {
                windowStart[(int) (posted / signalEvery)] = System.nanoTime();
            }
            last.wrId(posted).sendFlags((signaled ? SendFlag.IBV_SEND_SIGNALED.value() : 0) | flags);
            first.post();
            posted++;
        }
        return posted;
    }
}
