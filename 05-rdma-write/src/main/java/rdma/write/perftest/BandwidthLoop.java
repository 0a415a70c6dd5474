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
 * what frees their room in the send queue. With {@code --post_list}, each {@code ibv_post_send}
 * posts a list of messages chained through {@code next}: one call and one doorbell for many. The
 * {@code wr_id} of a message is its number, so a completion says how far the loop got; an
 * iteration creates no object.
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
     * Posts the messages a list at a time and waits until all completed. {@code list[j]} is message
     * {@code j} of a list, as its chain of pieces, and the messages are linked one after another
     * ({@link RdmaRequests#list}), so that posting {@code list[0][0]} posts them all with one
     * {@code ibv_post_send}. {@code flags} (such as {@code IBV_SEND_INLINE}) go on each message's
     * last piece, the one that may ask for a completion.
     */
    public BandwidthReport run(SendRequest[][] list, int flags) {
        SendRequest first = list[0][0];
        SendRequest[] lastPieces = new SendRequest[list.length];
        for (int j = 0; j < list.length; j++) {
            lastPieces[j] = list[j][list[j].length - 1];
        }
        BandwidthReport report = BandwidthReport.of(iters, signalEvery);
        // null: no window is timed, and the loop reads no clock (perftest's rule for long runs)
        long[] windowStart = report.timesWindows() ? new long[iters / signalEvery + 2] : null;
        if (windowStart != null) {
            waits.onSendCompleted(wrId -> {
                if (wrId < iters) {
                    int window = (int) (wrId / signalEvery);
                    report.windowCompleted(windowStart[window], (int) (wrId - (long) window * signalEvery + 1));
                }
            });
        }
        report.started();
        long posted = 0;
        while (waits.sendsCompleted() < iters) {
            posted = fillWindow(posted, first, lastPieces, flags, windowStart);
            waits.awaitSends(Math.min(iters, waits.sendsCompleted() + 1), "completions");
        }
        if (windowStart == null) {
            report.finished();
        }
        return report;
    }

    /**
     * Posts lists from message number {@code posted} on while a whole list still fits in the
     * {@code depth} messages allowed in flight, and returns the number of the next message. Only
     * the requests' {@code wr_id} and flags change: message {@code n} carries {@code n}, and asks
     * for a completion when it closes a window of {@code signalEvery} or is the last of all. A
     * method of its own so that the JIT compiles it after a few hundred calls, not tens of
     * thousands of iterations into {@link #run} (chapter 04's {@code PingpongLoop} says why).
     */
    private long fillWindow(long posted, SendRequest first, SendRequest[] lastPieces, int flags, long[] windowStart) {
        int listLength = lastPieces.length;
        while (posted < iters && posted + listLength - waits.sendsCompleted() <= depth) {
            for (int j = 0; j < listLength; j++) {
                long message = posted + j;
                if (windowStart != null && message % signalEvery == 0) {
                    windowStart[(int) (message / signalEvery)] = System.nanoTime();
                }
                boolean signaled = (message + 1) % signalEvery == 0 || message == iters - 1;
                lastPieces[j].wrId(message).sendFlags((signaled ? SendFlag.IBV_SEND_SIGNALED.value() : 0) | flags);
            }
            first.post();
            posted += listLength;
        }
        return posted;
    }
}
