package rdma.read.perf;

import java.io.PrintStream;
import rdma.memory.MemoryRegion;
import rdma.pingpong.Connection;
import rdma.queues.QueuePair;
import rdma.queues.c.SendFlag;
import rdma.queues.c.WrOpcode;
import rdma.queues.requests.SendRequest;
import rdma.read.ReadPeer;
import rdma.support.VerbsException;
import rdma.write.DataPattern;
import rdma.write.RdmaRequests;
import rdma.write.RemoteBuffer;
import rdma.write.perftest.BandwidthLoop;
import rdma.write.perftest.BandwidthReport;
import rdma.write.perftest.LatencyReport;
import rdma.write.session.PeerWatch;
import rdma.write.session.Waits;

/**
 * The initiator's part, once connected: a latency test (one READ at a time, each a full round
 * trip, as ib_read_lat) or a bandwidth test (many READs in flight, as ib_read_bw). Both read the
 * target's whole buffer into this side's, again and again. Every work request is made before a
 * loop starts; an iteration creates no object.
 */
final class ReadLoops {
    private static final String SIDE = "initiator";

    private final QueuePair qp;
    private final MemoryRegion local;
    private final int size;
    private final int iters;
    private final long piece;
    private final Waits waits;

    /** {@code messagesPerWait}: how many READs may have to complete before a wait ends. */
    ReadLoops(Connection<ReadPeer> connection, PeerWatch<ReadPeer> watch, int iters, int messagesPerWait) {
        this.local = connection.endpoint().buffer();
        this.size = (int) local.length();
        this.iters = iters;
        this.piece = Math.min(size, connection.endpoint().port().maxMessageSize());
        this.waits = new Waits(connection, watch, SIDE, messagesPerWait, size);
        this.qp = connection.endpoint().qp();
    }

    /**
     * The READs of one message: the peer's granted bytes into this side's buffer, in pieces of at
     * most max_msg_sz. A deliberate failure changes the rkey, or reads one piece from inside the
     * peer's buffer to beyond its end.
     */
    private SendRequest[] reads(RemoteBuffer peer, Failure fail) {
        int rkey = fail == Failure.wrong_rkey ? peer.rkey() ^ 0x5a5a : peer.rkey();
        if (fail == Failure.past_end) {
            return RdmaRequests.chain(qp, WrOpcode.IBV_WR_RDMA_READ, local, 0,
                    peer.address() + peer.length() - piece / 2, rkey, (int) piece, piece, SIDE);
        }
        return RdmaRequests.chain(qp, WrOpcode.IBV_WR_RDMA_READ, local, 0, peer.address(), rkey, size,
                piece, SIDE);
    }

    /**
     * ib_read_lat's loop: post a READ, wait for its completion, again. A READ is a round trip by
     * itself (the request goes out, the data comes back), so each iteration measures one.
     */
    LatencyReport latency(ReadPeer peer, Failure fail) {
        SendRequest[] reads = reads(peer.buffer(), fail);
        SendRequest last = reads[reads.length - 1];
        LatencyReport report = new LatencyReport(iters);
        for (int i = 0; i < iters; i++) {
            readOnce(i, reads[0], last, report);
        }
        report.finished();
        return report;
    }

    /**
     * READ number {@code i}, from its post to its completion: a method of its own, so that the JIT
     * compiles it after a few hundred calls. Left in the loop of {@link #latency}, which is called
     * once, it would be compiled only by on-stack replacement tens of thousands of iterations in,
     * and in a run of a thousand its steps would all run in the interpreter (chapter 04's
     * {@code PingpongLoop} says more).
     */
    private void readOnce(int i, SendRequest first, SendRequest last, LatencyReport report) {
        report.started(i);
        last.wrId(i).sendFlags(SendFlag.IBV_SEND_SIGNALED.value());
        first.post();
        waits.awaitSends(i + 1, "the completion of this side's read");
    }

    /**
     * ib_read_bw's loop ({@link BandwidthLoop}): up to {@code depth} READs in flight, posted
     * {@code postList} to an {@code ibv_post_send}, a completion every {@code signalEvery}.
     */
    BandwidthReport bandwidth(ReadPeer peer, int depth, int signalEvery, int postList, Failure fail) {
        SendRequest[][] list = RdmaRequests.list(postList, message -> reads(peer.buffer(), fail));
        return new BandwidthLoop(waits, iters, depth, signalEvery).run(list, 0);
    }

    /** The -c check: every byte read is the pattern the target wrote (this buffer started as zeros). */
    void check(PrintStream out) {
        long mismatch = DataPattern.firstMismatch(local.buffer(), 0, size);
        if (mismatch >= 0) {
            throw new VerbsException("-c/--chk", "byte " + mismatch + " of what was read differs from the pattern the target"
                    + " wrote", "Start both sides with the same -s/--size");
        }
        out.printf("-c: all %d %s read match the target's pattern%n", size, size == 1 ? "byte" : "bytes");
    }
}
