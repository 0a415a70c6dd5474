package rdma.write;

import java.io.PrintStream;
import java.nio.ByteBuffer;
import rdma.pingpong.Connection;
import rdma.queues.DataPath;
import rdma.queues.Endpoint;
import rdma.queues.QueuePair;
import rdma.queues.c.SendFlag;
import rdma.queues.c.WcOpcode;
import rdma.queues.c.WrOpcode;
import rdma.queues.requests.ReceiveRequest;
import rdma.queues.requests.SendRequest;
import rdma.support.VerbsException;
import rdma.write.perftest.BandwidthLoop;
import rdma.write.perftest.BandwidthReport;
import rdma.write.perftest.LatencyReport;
import rdma.write.session.PeerWatch;
import rdma.write.session.Waits;

/**
 * One side's part of the test, once connected: a latency test (both sides write into each
 * other, as ib_write_lat), or a bandwidth test, where the initiator writes and the target waits
 * (ib_write_bw). Every work request and counter is made before a loop starts; a loop iteration
 * creates no object. Every post and poll goes through the {@link DataPath} it is given.
 */
public final class WriteLoops {
    private final Endpoint endpoint;
    private final MessageBuffer buffer;
    private final int size;
    private final int iters;
    private final Notify notify;
    private final String side;
    private final Waits waits;
    private final ReceiveRequest[] receives;
    private final DataPath dataPath;
    private final int piece;
    private int nextReceive;

    /**
     * The test over {@code buffer}, once {@code watch} connected it to its peer. {@code receives}
     * are the ones {@link #postReceives} posted; {@code messagesPerWait} is how many messages may
     * have to move before a wait ends (in a bandwidth test, those between two signaled completions).
     */
    public WriteLoops(Connection<RdmaPeer> connection, PeerWatch<RdmaPeer> watch, MessageBuffer buffer, int iters,
            Notify notify, String side, ReceiveRequest[] receives, int messagesPerWait, DataPath dataPath) {
        this(connection.endpoint(), new Waits(connection, watch, side, Math.max(1, messagesPerWait), buffer.size(), dataPath),
                buffer, iters, notify, side, receives, dataPath);
    }

    /**
     * The same test on {@code endpoint}'s QP however it was connected (to itself, in a benchmark),
     * waiting with {@code waits}: the connection and the watch above serve only to make those.
     */
    public WriteLoops(Endpoint endpoint, Waits waits, MessageBuffer buffer, int iters, Notify notify, String side,
            ReceiveRequest[] receives, DataPath dataPath) {
        this.endpoint = endpoint;
        this.buffer = buffer;
        this.size = buffer.size();
        this.iters = iters;
        this.notify = notify;
        this.side = side;
        this.waits = waits;
        this.receives = receives;
        this.dataPath = dataPath;
        this.piece = (int) Math.min(size, endpoint.port().maxMessageSize());
    }

    /**
     * Posts {@code count} receives for the notifications to consume: before the exchange, so the
     * peer may write at once. A notification carries no payload: a receive without a
     * scatter/gather entry takes it.
     */
    public static ReceiveRequest[] postReceives(Connection<RdmaPeer> connection, int count, String side, DataPath dataPath) {
        ReceiveRequest[] receives = new ReceiveRequest[count];
        for (int i = 0; i < count; i++) {
            receives[i] = new ReceiveRequest(connection.endpoint().qp(), 0, side, dataPath).wrId(i);
            receives[i].post();
        }
        return receives;
    }

    /** Reposts the receive a notification consumed, so that the ring stays full. */
    private void repostReceive() {
        receives[nextReceive].post();
        nextReceive = (nextReceive + 1) % receives.length;
    }

    /**
     * The writes of one message: this side's outgoing bytes to where the peer's incoming bytes
     * are ({@link RdmaRequests}). The last piece is the one that may carry immediate data. A
     * deliberate failure changes the rkey, or writes one piece from inside the peer's buffer to
     * beyond its end.
     */
    private SendRequest[] dataWrites(RemoteBuffer peer, int inline, Failure fail) {
        int rkey = fail == Failure.wrong_rkey ? peer.rkey() ^ 0x5a5a : peer.rkey();
        SendRequest[] writes = fail == Failure.past_end
                ? RdmaRequests.chain(qp(), WrOpcode.IBV_WR_RDMA_WRITE, buffer.region(), buffer.outgoingOffset(),
                        peer.address() + peer.length() - piece / 2, rkey, piece, piece, side, dataPath)
                : RdmaRequests.chain(qp(), WrOpcode.IBV_WR_RDMA_WRITE, buffer.region(), buffer.outgoingOffset(),
                        peer.address(), rkey, size, piece, side, dataPath);
        for (SendRequest write : writes) {
            write.sendFlags(inline);
        }
        if (notify == Notify.imm) {
            writes[writes.length - 1].opcode(WrOpcode.IBV_WR_RDMA_WRITE_WITH_IMM);
        }
        return writes;
    }

    private QueuePair qp() {
        return endpoint.qp();
    }

    // ---------------------------------------------------------------------------------------------
    // Latency: a ping-pong of writes

    /**
     * ib_write_lat's loop: the side that {@code startsFirst} (ib_write_lat's server) writes message 1
     * into its peer's memory and waits for the peer's message 1 in its own; the other side waits
     * first, then answers. With {@link Notify#poll} the message's last byte carries its number and
     * each side watches that byte; otherwise each side waits for the receive its peer's
     * notification consumes.
     */
    public LatencyReport latency(RdmaPeer peer, boolean startsFirst, int inline, Failure fail) {
        LatencyReport report = new LatencyReport(iters);
        SendRequest[] writes = dataWrites(peer.buffer(), inline, fail);
        SendRequest first = writes[0];
        SendRequest signaled = writes[writes.length - 1];
        if (notify == Notify.send) {
            SendRequest send = new SendRequest(qp(), 0, side, dataPath).opcode(WrOpcode.IBV_WR_SEND).sgeCount(0);
            signaled.next(send);
            signaled = send; // the one that asks for a completion, and whose wr_id counts
        }
        DataPattern.fill(buffer.memory(), buffer.outgoingOffset(), size);
        // The byte the peer's message ends with, seen through a view made once: the loop reads it without a native call.
        Waits.WatchedByte lastByte = Waits.watch(buffer.memory(), buffer.incomingOffset() + size - 1);
        // And the byte this side's message ends with, written the same way (Pointer.setByte would be a JNI call).
        ByteBuffer counter = buffer.memory().getByteBuffer(buffer.outgoingOffset() + size - 1, 1);
        for (int i = 1; i <= iters; i++) {
            exchange(i, startsFirst, first, signaled, inline, lastByte, counter, report);
        }
        report.finished();
        return report;
    }

    /**
     * Message {@code number} of the latency test, both ways: a method of its own, so that the JIT
     * compiles it after a few hundred calls; a loop's body inside a method called once would be
     * compiled only by on-stack replacement, tens of thousands of iterations in (chapter 04's
     * {@code PingpongLoop} says more), and a run of a few thousand would time the interpreter.
     */
    private void exchange(int number, boolean startsFirst, SendRequest first, SendRequest signaled, int inline,
            Waits.WatchedByte lastByte, ByteBuffer counter, LatencyReport report) {
        if (!startsFirst) {
            awaitMessage(number, lastByte);
        }
        report.started(number - 1);
        if (notify == Notify.poll) {
            counter.put(0, (byte) number);
        } else if (notify == Notify.imm) {
            signaled.immData(number);
        }
        signaled.wrId(number - 1).sendFlags(SendFlag.IBV_SEND_SIGNALED.value() | (signaled == first ? inline : 0));
        first.post();
        waits.awaitSends(number, "the completion of this side's write");
        if (startsFirst) {
            awaitMessage(number, lastByte);
        }
    }

    private void awaitMessage(int number, Waits.WatchedByte lastByte) {
        if (notify == Notify.poll) {
            waits.awaitByte(lastByte, (byte) number, false, "the peer's write");
        } else {
            waits.awaitReceives(number, "the peer's notification");
            repostReceive();
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Bandwidth: the initiator

    /**
     * ib_write_bw's loop ({@link BandwidthLoop}): up to {@code depth} writes in flight, posted
     * {@code postList} messages to an {@code ibv_post_send}, a completion asked for every
     * {@code signalEvery} of them, and when all completed, the notification ({@code notifies}:
     * perftest's target needs none, it learns of the end over TCP).
     */
    public BandwidthReport bandwidth(RdmaPeer peer, int depth, int signalEvery, int postList, int inline, Failure fail,
            boolean notifies) {
        DataPattern.fill(buffer.memory(), buffer.outgoingOffset(), size);
        SendRequest[][] list = RdmaRequests.list(postList, message -> {
            SendRequest[] writes = dataWrites(peer.buffer(), inline, fail);
            writes[writes.length - 1].opcode(WrOpcode.IBV_WR_RDMA_WRITE); // only the notification carries immediate data
            return writes;
        });
        BandwidthReport report = new BandwidthLoop(waits, iters, depth, signalEvery).run(list, inline);
        if (notifies) {
            notifyTarget(peer.buffer());
        }
        return report;
    }

    /** After every write completed: tell the target, the way {@link #notify} says. */
    private void notifyTarget(RemoteBuffer peer) {
        SendRequest notification = new SendRequest(qp(), 1, side, dataPath).wrId(iters)
                .sendFlags(SendFlag.IBV_SEND_SIGNALED.value());
        long flag = peer.address() + peer.length() - 1;
        switch (notify) {
            case poll -> {
                buffer.memory().setByte(buffer.flagOffset(), (byte) 1);
                notification.opcode(WrOpcode.IBV_WR_RDMA_WRITE).sge(0, buffer.region(), buffer.flagOffset(), 1)
                        .rdma(flag, peer.rkey());
            }
            case imm -> notification.opcode(WrOpcode.IBV_WR_RDMA_WRITE_WITH_IMM).sgeCount(0).immData(iters)
                    .rdma(flag, peer.rkey());
            case send -> notification.opcode(WrOpcode.IBV_WR_SEND).sgeCount(0);
            default -> throw new IllegalStateException();
        }
        notification.post();
        waits.awaitSends(iters + 1L, "the notification's completion");
    }

    // ---------------------------------------------------------------------------------------------
    // Bandwidth: the target

    /** What the target did while the data arrived, for its report. */
    public record TargetReport(double seconds, double cpuSeconds, long receivesPosted, long completions, int immData) {
    }

    /**
     * The target of a bandwidth test: it has nothing to do while the initiator's writes land in
     * its memory, so it waits for the notification sleeping, checking once a millisecond, and
     * measures the CPU time its thread used meanwhile.
     */
    public TargetReport target() {
        IdleMeter idle = IdleMeter.start();
        if (notify == Notify.poll) {
            waits.awaitByte(Waits.watch(buffer.memory(), buffer.flagOffset()), (byte) 1, true, "the initiator's flag");
        } else {
            waits.sleepUntilReceives(1, "the initiator's notification");
        }
        double seconds = idle.seconds();
        double cpuSeconds = idle.cpuSeconds();
        if (notify == Notify.imm && waits.lastImmData() != iters) {
            throw new VerbsException(side + ": the notification", "its immediate data is " + waits.lastImmData()
                    + ", not the " + iters + " writes this side expects", "Start both sides with the same -n/--iters");
        }
        return new TargetReport(seconds, cpuSeconds, receives.length, waits.receivesCompleted(), waits.lastImmData());
    }

    /**
     * The -c check of the last message that arrived. In a latency test that polls, the last byte
     * of each message is its number ({@code counterInLastByte}), not the pattern.
     */
    public void checkIncoming(boolean counterInLastByte, PrintStream out) {
        int checked = counterInLastByte ? size - 1 : size;
        long mismatch = DataPattern.firstMismatch(buffer.memory(), buffer.incomingOffset(), checked);
        if (mismatch >= 0) {
            throw new VerbsException("-c/--chk", "byte " + mismatch + " of the message that arrived differs from what"
                    + " the peer wrote", "Start both sides with the same -s/--size");
        }
        out.printf("-c: all %d %s of the last message arrived intact%n", checked, checked == 1 ? "byte" : "bytes");
    }

    /** How the last receive completed, as ibv_poll_cq named it. */
    public String lastReceive() {
        return WcOpcode.describe(waits.lastReceiveOpcode());
    }
}
