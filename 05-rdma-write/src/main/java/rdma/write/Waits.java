package rdma.write;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;
import rdma.devices.VerbsException;
import rdma.pingpong.Connection;
import rdma.pingpong.PeerGoneException;
import rdma.queues.CompletionWaiter;
import rdma.queues.Completions;
import rdma.queues.WcFlag;
import rdma.queues.WcOpcode;
import rdma.queues.WcStatus;

/**
 * Every wait of one side: for its own sends to complete, for receives to complete, or for a byte
 * of memory to change. Each one ends early, with an error and never a hang, when the peer's
 * process is gone (its TCP connection closed), or when nothing has happened for longer than the
 * wait's messages could take: {@link #STALL_NANOS}, plus the time of the messages the wait
 * covers at {@link #SLOWEST_MESSAGE_NANOS} each and of their bytes at
 * {@link #SLOWEST_BYTES_PER_SECOND}. Taking completions creates no object: the counters are
 * fields, the array is made once.
 */
public final class Waits {
    public static final long STALL_NANOS = TimeUnit.SECONDS.toNanos(10);
    /** The slowest transfer a wait allows for: 2 MB/s, a fifth of the emulated lab's RDMA READs (its slowest verb). */
    public static final long SLOWEST_BYTES_PER_SECOND = 2_000_000;
    /** The slowest round trip a wait allows for each message, whatever its size: a millisecond. */
    public static final long SLOWEST_MESSAGE_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long SLICE_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final Completions completions;
    private final CompletionWaiter waiter;
    private final Connection<?> connection;
    private final String side;
    private final long patienceNanos;
    private LongConsumer onSendCompleted = wrId -> { };
    private long sendsCompleted;
    private long receivesCompleted;
    private int lastImmData;
    private int lastReceiveOpcode;

    /**
     * {@code messagesPerWait}: the most messages of {@code size} bytes that must move before a
     * wait can end, such as one, or a window of them.
     */
    public Waits(Connection<?> connection, String side, long messagesPerWait, long size) {
        this.patienceNanos = patienceNanos(messagesPerWait, size);
        this.completions = new Completions(connection.endpoint().cq(), 16, side);
        this.waiter = connection.waiter();
        this.connection = connection;
        this.side = side;
    }

    /** How long a wait for {@code messages} messages of {@code size} bytes lasts before it gives up. */
    public static long patienceNanos(long messages, long size) {
        return STALL_NANOS + messages * SLOWEST_MESSAGE_NANOS + messages * size * 1_000_000_000L / SLOWEST_BYTES_PER_SECOND;
    }

    /** Called with the {@code wr_id} of every completed send: the bandwidth test times its windows here. */
    public void onSendCompleted(LongConsumer listener) {
        this.onSendCompleted = listener;
    }

    public long sendsCompleted() {
        return sendsCompleted;
    }

    public long receivesCompleted() {
        return receivesCompleted;
    }

    public int lastImmData() {
        return lastImmData;
    }

    public int lastReceiveOpcode() {
        return lastReceiveOpcode;
    }

    /** Until the send with {@code wr_id} {@code sends - 1} (and all before it) completed; wr_ids count the sends. */
    public void awaitSends(long sends, String what) {
        long lastProgress = System.nanoTime();
        while (sendsCompleted < sends) {
            lastProgress = takeCompletions(lastProgress, what);
        }
    }

    /** Until {@code receives} receives completed. */
    public void awaitReceives(long receives, String what) {
        long lastProgress = System.nanoTime();
        while (receivesCompleted < receives) {
            lastProgress = takeCompletions(lastProgress, what);
        }
    }

    /**
     * Until {@code receives} receives completed, checking the CQ once a millisecond and sleeping
     * in between: a target with nothing to do but wait uses no CPU.
     */
    public void sleepUntilReceives(long receives, String what) {
        long start = System.nanoTime();
        while (receivesCompleted < receives) {
            int count = completions.poll();
            if (count > 0) {
                take(count);
            } else {
                requireProgress(start, what);
                sleep();
            }
        }
    }

    /**
     * Until the one byte {@code watched} views is {@code value}: the device writes it, with no
     * completion. The view is a direct {@code ByteBuffer} over that byte of registered memory,
     * made once: reading it is a plain load, where {@code Pointer.getByte} would be a native call
     * per read. {@code Thread.onSpinWait} tells the CPU this is a spin loop, and is a barrier the
     * JIT does not move the read across, so each turn reads memory again. With {@code sleeping},
     * the loop sleeps a millisecond between reads.
     */
    public void awaitByte(ByteBuffer watched, byte value, boolean sleeping, String what) {
        long start = System.nanoTime();
        int spins = 0;
        while (watched.get(0) != value) {
            if (sleeping) {
                requireProgress(start, what);
                sleep();
            } else if (++spins == 4096) {
                spins = 0;
                requireProgress(start, what);
            } else {
                Thread.onSpinWait();
            }
        }
    }

    /** One slice of waiting for completions; returns when the last progress was. */
    private long takeCompletions(long lastProgress, String what) {
        int count = waiter.await(completions, SLICE_NANOS);
        if (count == 0) {
            requireProgress(lastProgress, what);
            return lastProgress;
        }
        take(count);
        return System.nanoTime();
    }

    /** Counts the first {@code count} completions of the array, after checking each one's status. */
    private void take(int count) {
        for (int i = 0; i < count; i++) {
            if (completions.status(i) != WcStatus.IBV_WC_SUCCESS.value()) {
                throw completions.failed(i);
            }
            int opcode = completions.opcode(i);
            if ((opcode & WcOpcode.IBV_WC_RECV.value()) != 0) {
                receivesCompleted++;
                lastReceiveOpcode = opcode;
                if (WcFlag.IBV_WC_WITH_IMM.isIn(completions.wcFlags(i))) {
                    lastImmData = completions.immData(i);
                }
            } else {
                long wrId = completions.wrId(i);
                sendsCompleted = Math.max(sendsCompleted, wrId + 1);
                onSendCompleted.accept(wrId);
            }
        }
    }

    /** Throws when the peer is gone, or when nothing happened since {@code since} for too long. */
    private void requireProgress(long since, String what) {
        requirePeer(what);
        if (System.nanoTime() - since > patienceNanos) {
            throw new VerbsException(side + ": waiting for " + what, "nothing happened for "
                    + TimeUnit.NANOSECONDS.toSeconds(patienceNanos) + " s", "Is the peer stuck? Look at its output");
        }
    }

    private void requirePeer(String what) {
        if (connection.peerGone()) {
            throw new PeerGoneException(side + ": waiting for " + what, "the peer closed its connection: it failed or was stopped",
                    "Look at the other side's output");
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(1);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new VerbsException("waiting", "interrupted", "The program was asked to stop");
        }
    }
}
