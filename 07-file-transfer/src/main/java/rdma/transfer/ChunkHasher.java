package rdma.transfer;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.concurrent.locks.LockSupport;
import rdma.support.Threads;

/**
 * The SHA-256 of one file's chunks, computed on a thread of its own while the transfer goes on:
 * the side that moves the chunks hands each one over ({@link #submit}) by its data slot, in file
 * order, and must not reuse a slot until its chunk is hashed ({@link #awaitHashed}). SHA-256 is
 * sequential, so one thread hashes the chunks one after another; what runs beside it is the rest
 * of the work per chunk (the disk, the network). Handing over a chunk creates no object: the
 * slots and the lengths are in arrays made once, and the two threads share two counters.
 *
 * <p>Reading a slot while the NIC reads it too (the sender's WRITE) or while the file is written
 * from it (the receiver) is safe: nobody writes it until the side that owns it reuses it.
 */
public final class ChunkHasher implements AutoCloseable {
    private final MessageDigest sha256 = newSha256();
    private final ByteBuffer[] slotViews;
    private final int[] queuedSlots;
    private final int[] queuedLengths;
    private final Thread thread;
    private final Thread owner;
    private volatile long submitted;
    private volatile long hashed;
    private volatile boolean closed;
    private volatile RuntimeException failure;

    /** A hasher of the data slots of {@code link}, whose thread starts now; {@code side} names it. */
    public ChunkHasher(TransferLink link, String side) {
        this(slotViews(link), side);
    }

    /** A hasher of the chunks in {@code slotViews}, views that nobody else moves (tests pass buffers of their own). */
    ChunkHasher(ByteBuffer[] slotViews, String side) {
        this.slotViews = slotViews;
        this.queuedSlots = new int[slotViews.length];
        this.queuedLengths = new int[slotViews.length];
        this.owner = Thread.currentThread();
        this.thread = new Thread(this::hashChunks, side + "-sha256");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * The next chunk of the file: {@code length} bytes at the start of data slot {@code slot}.
     * At most one chunk per slot waits at a time, so the queue (one place per slot) never overflows.
     */
    public void submit(int slot, int length) {
        int at = (int) (submitted % queuedSlots.length);
        queuedSlots[at] = slot;
        queuedLengths[at] = length;
        submitted++; // the volatile write publishes the two plain ones before it
        LockSupport.unpark(thread);
    }

    /** How many chunks were submitted so far. */
    public long submitted() {
        return submitted;
    }

    /** How many chunks were hashed so far, in submission order. */
    public long hashed() {
        return hashed;
    }

    /** Returns once the first {@code chunks} chunks submitted are hashed. */
    public void awaitHashed(long chunks) {
        while (hashed < chunks) {
            requireAlive();
            LockSupport.parkNanos(this, 1_000_000);
        }
        requireAlive();
    }

    /** The SHA-256 of every chunk submitted, once they are all hashed. */
    public byte[] digest() {
        awaitHashed(submitted);
        return sha256.digest();
    }

    /** A view of each data slot of its own: the hasher's position and limit must not move the mover's. */
    private static ByteBuffer[] slotViews(TransferLink link) {
        ByteBuffer[] views = new ByteBuffer[link.dataSlots()];
        for (int i = 0; i < views.length; i++) {
            views[i] = link.chunk(i).duplicate();
        }
        return views;
    }

    private static MessageDigest newSha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException missing) {
            throw new IllegalStateException("every Java runtime has SHA-256", missing);
        }
    }

    private void hashChunks() {
        try {
            while (!closed) {
                if (hashed == submitted) {
                    LockSupport.park(this);
                    continue;
                }
                int at = (int) (hashed % queuedSlots.length);
                ByteBuffer view = slotViews[queuedSlots[at]];
                view.clear().limit(queuedLengths[at]);
                sha256.update(view);
                hashed++;
                LockSupport.unpark(owner);
            }
        } catch (RuntimeException broken) {
            failure = broken;
            LockSupport.unpark(owner);
        }
    }

    private void requireAlive() {
        RuntimeException broken = failure;
        if (broken != null) {
            throw new IllegalStateException("the SHA-256 thread failed", broken);
        }
    }

    /**
     * Stops the thread and waits for it to end, after the chunk it hashes, if any: the slots are
     * native memory, freed when the connection closes, and no thread may read them after that.
     */
    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(thread);
        Threads.joinUninterruptibly(thread);
    }
}
