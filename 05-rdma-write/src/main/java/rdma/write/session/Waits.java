package rdma.write.session;

import com.sun.jna.Pointer;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;
import rdma.pingpong.Connection;
import rdma.pingpong.waiting.CompletionWaiter;
import rdma.queues.Completions;
import rdma.queues.DataPath;
import rdma.queues.c.WcFlag;
import rdma.queues.c.WcOpcode;
import rdma.queues.c.WcStatus;
import rdma.support.VerbsException;

/**
 * Every wait of one side: for its own sends to complete, for receives to complete, or for a byte
 * of memory to change. Each one ends early, with an error and never a hang, when the peer's
 * process is gone (its {@link PeerWatch} saw the TCP connection close), or when nothing has
 * happened for longer than the wait's messages could take: {@link Connection#STALL_NANOS}, plus
 * the time of the messages the wait covers at {@link #SLOWEST_MESSAGE_NANOS} each and of their
 * bytes at {@link #SLOWEST_BYTES_PER_SECOND}. Taking completions creates no object: the counters
 * are fields, the array is made once.
 */
public final class Waits {
    /** The slowest transfer a wait allows for: 2 MB/s, a fifth of the emulated lab's RDMA READs (its slowest verb). */
    public static final long SLOWEST_BYTES_PER_SECOND = 2_000_000;
    /** The slowest round trip a wait allows for each message, whatever its size: a millisecond. */
    public static final long SLOWEST_MESSAGE_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long SLICE_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    /** How long a failed completion waits to learn whether the peer's process ended: its kernel closes both at once. */
    private static final long PEER_GONE_GRACE_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final String PEER_GONE = "the peer closed its connection: it failed or was stopped";
    /** Reads of a watched byte between two looks at the clock. */
    private static final int SPINS_PER_CHECK = 4096;
    /** Reads four bytes of native memory as one int, with the memory-order mode asked for. */
    private static final VarHandle WORD = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.nativeOrder());

    private final Completions completions;
    private final CompletionWaiter waiter;
    private final PeerWatch<?> watch;
    private final String side;
    private long patienceNanos;
    private LongConsumer onSendCompleted = wrId -> { };
    private long sendsCompleted;
    private long receivesCompleted;
    private int lastImmData;
    private int lastReceiveOpcode;

    /**
     * The waits of {@code connection}'s side, whose peer {@code watch} watches.
     * {@code messagesPerWait}: the most messages of {@code size} bytes that must move before a
     * wait can end, such as one, or a window of them.
     */
    public Waits(Connection<?> connection, PeerWatch<?> watch, String side, long messagesPerWait, long size) {
        this(connection, watch, side, messagesPerWait, size, DataPath.of(connection.endpoint().context()));
    }

    /** The same, polling through {@code dataPath} instead of the context's own {@link DataPath#of}. */
    public Waits(Connection<?> connection, PeerWatch<?> watch, String side, long messagesPerWait, long size,
            DataPath dataPath) {
        this(new Completions(connection.endpoint().cq(), 16, side, dataPath), connection.waiter(), watch, side,
                patienceNanos(messagesPerWait, size));
    }

    /**
     * From its parts: the waits of {@code completions}' CQ, through {@code waiter}. {@code watch}
     * is null for a QP connected to itself, which has no peer to lose (the tests, a benchmark).
     */
    public Waits(Completions completions, CompletionWaiter waiter, PeerWatch<?> watch, String side, long patienceNanos) {
        this.completions = completions;
        this.waiter = waiter;
        this.watch = watch;
        this.side = side;
        this.patienceNanos = patienceNanos;
    }

    /** How long a wait for {@code messages} messages of {@code size} bytes lasts before it gives up. */
    public static long patienceNanos(long messages, long size) {
        return Connection.STALL_NANOS + messages * SLOWEST_MESSAGE_NANOS
                + messages * size * 1_000_000_000L / SLOWEST_BYTES_PER_SECOND;
    }

    /** How long a wait from now on lasts with nothing happening before it gives up. */
    public void patience(long nanos) {
        this.patienceNanos = nanos;
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

    /** The completion array that {@link #awaitCompletions} fills. */
    public Completions completions() {
        return completions;
    }

    /**
     * Waits for the next completions, however many arrive together, and returns how many: they
     * are in {@link #completions}, their status not yet checked. For a caller that reads them itself.
     */
    public int awaitCompletions(String what) {
        int count = waiter.await(completions, SLICE_NANOS);
        if (count > 0) { // the common case: no clock read, which in the lab is a system call
            return count;
        }
        long start = System.nanoTime() - SLICE_NANOS;
        do {
            requireProgress(start, what);
        } while ((count = waiter.await(completions, SLICE_NANOS)) == 0);
        return count;
    }

    /** Until the send with {@code wr_id} {@code sends - 1} (and all before it) completed; wr_ids count the sends. */
    public void awaitSends(long sends, String what) {
        while (sendsCompleted < sends) {
            take(awaitCompletions(what), what);
        }
    }

    /** Until {@code receives} receives completed. */
    public void awaitReceives(long receives, String what) {
        while (receivesCompleted < receives) {
            take(awaitCompletions(what), what);
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
                take(count, what);
            } else {
                requireProgress(start, what);
                sleep();
            }
        }
    }

    /**
     * The byte at {@code offset} of {@code memory}, memory the device writes, prepared for
     * {@link #awaitByte}: a view of the aligned four bytes that hold it, made once.
     */
    public static WatchedByte watch(Pointer memory, long offset) {
        long misalignment = (Pointer.nativeValue(memory) + offset) & 3;
        ByteBuffer word = memory.getByteBuffer(offset - misalignment, 4);
        int index = (int) misalignment;
        int shift = 8 * (ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN ? index : 3 - index);
        return new WatchedByte(word, shift);
    }

    /**
     * A byte of registered memory, read as part of the aligned word around it: a read with an
     * access mode (acquire) needs an aligned word, and Java has no such read for a single byte.
     */
    public record WatchedByte(ByteBuffer word, int shift) {
        /**
         * The byte now, read with acquire semantics: the Java memory model promises that each
         * such read really reads memory (no compiler may keep an earlier value in a register and
         * skip it, as it may with a plain read in a loop), and that what this thread reads after
         * it is not read before it.
         */
        public byte get() {
            return (byte) ((int) WORD.getAcquire(word, 0) >>> shift);
        }
    }

    /**
     * Until the byte {@code watched} is {@code value}: the device writes it, with no completion.
     * Each turn reads it with {@link WatchedByte#get}, no native call, and tells the CPU with
     * {@code Thread.onSpinWait} that this is a spin loop. With {@code sleeping}, the loop sleeps a
     * millisecond between reads.
     */
    public void awaitByte(WatchedByte watched, byte value, boolean sleeping, String what) {
        if (!sleeping) { // a byte that arrives within these spins costs no clock read, a system call in the lab
            for (int spin = 0; spin < SPINS_PER_CHECK; spin++) {
                if (watched.get() == value) {
                    return;
                }
                Thread.onSpinWait();
            }
        }
        long start = System.nanoTime();
        int spins = 0;
        while (watched.get() != value) {
            if (sleeping) {
                requireProgress(start, what);
                sleep();
            } else if (++spins == SPINS_PER_CHECK) {
                spins = 0;
                requireProgress(start, what);
            } else {
                Thread.onSpinWait();
            }
        }
    }

    /**
     * Checks the status of completion {@code index} of the array: a failed one is an error with its
     * status, unless the peer's process ended. A process that ends has its TCP connection closed and
     * its QP destroyed by its kernel, in either order: a request that reaches its QP on the way out
     * fails with a remote operation error, one that finds no QP with retries exceeded, and either
     * may come before the watch sees the connection close. Then the peer's end is the cause, and the
     * error says so. Any other status (a bad rkey, say) is this side's own error, reported at once.
     */
    public void requireSuccess(int index, String what) {
        int status = completions.status(index);
        if (status == WcStatus.IBV_WC_SUCCESS.value()) {
            return;
        }
        boolean whatAGonePeerCauses = status == WcStatus.IBV_WC_REM_OP_ERR.value()
                || status == WcStatus.IBV_WC_RETRY_EXC_ERR.value();
        if (watch != null && whatAGonePeerCauses && peerGoneWithin(PEER_GONE_GRACE_NANOS)) {
            throw watch.gone(side + ": waiting for " + what, PEER_GONE);
        }
        throw completions.failed(index);
    }

    private boolean peerGoneWithin(long graceNanos) {
        long deadline = System.nanoTime() + graceNanos;
        while (!watch.peerGone() && System.nanoTime() < deadline) {
            sleep();
        }
        return watch.peerGone();
    }

    /** Counts the first {@code count} completions of the array, after checking each one's status. */
    private void take(int count, String what) {
        for (int i = 0; i < count; i++) {
            requireSuccess(i, what);
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
        if (watch != null && watch.peerGone()) {
            throw watch.gone(side + ": waiting for " + what, PEER_GONE);
        }
        if (System.nanoTime() - since > patienceNanos) {
            throw new VerbsException(side + ": waiting for " + what, "nothing happened for "
                    + TimeUnit.NANOSECONDS.toSeconds(patienceNanos) + " s", "Is the peer stuck? Look at its output");
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(1);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new VerbsException("waiting", "interrupted", "The program was asked to stop", interrupted);
        }
    }
}
