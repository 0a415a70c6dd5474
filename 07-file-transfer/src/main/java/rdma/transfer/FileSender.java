package rdma.transfer;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.HexFormat;
import rdma.support.VerbsException;
import rdma.transfer.files.SafeName;
import rdma.write.RemoteBuffer;
import rdma.write.session.Waits;

/**
 * The sending side of a connection: files go one after another, each as a FILE header, its
 * chunks by RDMA WRITE WITH IMMEDIATE into the receiver's ring, and an END with its SHA-256; the
 * receiver's VERDICT says whether it kept the file. Chunks are pipelined: a chunk is read from
 * disk while the NIC still sends those before it, and hashed on a {@link ChunkHasher}'s thread
 * while its own WRITE is on its way; as many are in flight as both the sender's slots and the
 * receiver's credits allow. The chunk loop creates no object.
 */
public final class FileSender {
    private static final String SIDE = "sender";

    private final TransferLink link;
    private final RemoteBuffer ring;
    private final TransferListener listener;
    private final int[] slotBytes;
    private int chunkSize;
    private int window;
    private int ringSlots;
    private int ringStride;
    private int credits;
    private long chunkNumber;

    /** The sender over {@code link}, writing into {@code ring}: the buffer the receiver granted in the exchange. */
    public FileSender(TransferLink link, RemoteBuffer ring, TransferListener listener) {
        this.link = link;
        this.ring = ring;
        this.listener = listener;
        this.slotBytes = new int[link.dataSlots()];
    }

    /**
     * Waits for the receiver's READY and settles on the chunk size and the window: the smaller
     * of this side's and the receiver's, as the two sides of chapter 06 settle on the READs in
     * flight.
     */
    public void start() {
        int event = link.next("the receiver's READY");
        if (event != TransferLink.MESSAGE || !(link.message() instanceof Control.Ready ready)) {
            throw unexpected(event, "a READY");
        }
        if (ready.version() != Control.VERSION) {
            throw protocol("the receiver speaks version " + ready.version() + " of the protocol, not " + Control.VERSION);
        }
        if (ready.chunkSize() < 1 || ready.slots() < 1
                || (long) ready.chunkSize() * ready.slots() > ring.length()) {
            throw protocol("the receiver announced " + ready.slots() + " slots of " + ready.chunkSize()
                    + " bytes, but granted " + ring.length() + " bytes");
        }
        chunkSize = Math.min(link.chunkSize(), ready.chunkSize());
        window = Math.min(link.dataSlots(), ready.slots());
        ringSlots = ready.slots();
        ringStride = ready.chunkSize();
        credits = ready.slots();
        link.patience(Waits.patienceNanos(window, chunkSize));
    }

    /** The chunk size both sides settled on. */
    public int chunkSize() {
        return chunkSize;
    }

    /** The chunks in flight at most. */
    public int window() {
        return window;
    }

    /** Sends {@code file} under {@code name}; returns what moved, once the receiver kept it. */
    public FileResult send(Path file, String name) {
        String problem = SafeName.problem(name);
        if (problem != null) {
            throw new VerbsException(SIDE + ": " + SafeName.printable(name), problem, "Rename the file, or send it under a plain name");
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
                ChunkHasher hasher = new ChunkHasher(link, SIDE)) {
            long size = channel.size();
            listener.started(name, size);
            long start = System.nanoTime();
            link.send(new Control.FileHeader(size, chunkSize, name));
            awaitAccept(name);
            FileChunks chunks = new FileChunks(channel, file, hasher, window);
            sendChunks(chunks, size);
            byte[] digest = hasher.digest();
            link.send(new Control.End(digest));
            awaitVerdict(name, size, digest);
            FileResult result = new FileResult(name, size, System.nanoTime() - start, chunks.diskNanos, digest);
            listener.finished(result);
            return result;
        } catch (IOException unreadable) {
            throw abort(new VerbsException(SIDE + ": reading " + file, String.valueOf(unreadable.getMessage()),
                    "Check the file: it must be a readable regular file", unreadable));
        }
    }

    /** Tells the receiver that no file follows, and waits until it has the message: it ends the connection in order. */
    public void finish() {
        link.send(new Control.Bye());
        link.awaitSendsCompleted("the acknowledgement of the BYE");
    }

    /** Every slot came back before the previous END (see sendChunks): nothing but the answer may come. */
    private void awaitAccept(String name) {
        int event = link.next("the receiver's answer to the FILE of " + name);
        if (event == TransferLink.MESSAGE && link.message() instanceof Control.Accept) {
            return;
        }
        if (event == TransferLink.MESSAGE && link.message() instanceof Control.Refuse refuse) {
            throw new VerbsException(SIDE + ": sending " + SafeName.printable(name), "the receiver refused it: " + refuse.reason(),
                    "Change what it objects to, or start the receiver with other options");
        }
        throw unexpected(event, "an ACCEPT or a REFUSE");
    }

    /**
     * The pipeline: while there are bytes, credits and free slots, fill a free slot from
     * {@code source} and write it into the receiver's next slot; then take one event (a chunk
     * sent, a credit). RC delivers the WRITEs in order, so the receiver's slots fill in ring order,
     * and its credits free them in the same order. A slot is free again once its WRITE completed
     * and the source is done with it (the file's hasher: see {@link FileChunks}). It returns only
     * when every slot of the receiver's ring is credited back: the receiver has taken all
     * {@code size} bytes, a message that follows cannot pass a CREDIT on the wire, and the next
     * file starts with the whole ring. Call {@link #start} first. {@link #send} calls it with a
     * file's chunks; bench's TransportAlone with chunks that nobody fills, to measure this loop
     * and the wire alone.
     */
    public void sendChunks(ChunkSource source, long size) throws IOException {
        long remaining = size;
        long sent = 0;
        int inFlight = 0;
        int nextSlot = 0;
        while (remaining > 0 || inFlight > 0 || credits < ringSlots) {
            while (remaining > 0 && credits > 0 && inFlight < window) {
                int length = (int) Math.min(chunkSize, remaining);
                ByteBuffer chunk = link.chunk(nextSlot);
                chunk.limit(length);
                source.fill(chunk);
                long remoteAddress = ring.address() + (chunkNumber % ringSlots) * ringStride;
                link.writeChunk(nextSlot, length, remoteAddress, ring.rkey(), (int) chunkNumber);
                source.posted(nextSlot, length);
                slotBytes[nextSlot] = length;
                nextSlot = (nextSlot + 1) % window;
                chunkNumber++;
                credits--;
                inFlight++;
                remaining -= length;
            }
            int event = link.next("the receiver's credits");
            if (event == TransferLink.DATA_WRITTEN) {
                inFlight--;
                sent += slotBytes[link.slot()];
                listener.advanced(sent);
            } else if (event == TransferLink.CREDITED) {
                credits += link.credits();
                if (credits > ringSlots) {
                    throw abort(protocol("the receiver's credits add up to " + credits + " free slots, but its ring has "
                            + ringSlots));
                }
            } else {
                throw unexpected(event, "credits");
            }
        }
    }

    /** What fills the chunks that {@link #sendChunks} moves. */
    public interface ChunkSource {
        /** Fills {@code chunk} (a free slot's buffer, its limit the chunk's length) before its WRITE is posted. */
        void fill(ByteBuffer chunk) throws IOException;

        /** The WRITE of {@code length} bytes from slot {@code slot} is posted. */
        void posted(int slot, int length);
    }

    /**
     * A file's chunks: each read from the file into its slot, then hashed on the hasher's thread
     * while its WRITE is on its way. A slot's previous chunk (a window ago) must be hashed before
     * the next one overwrites it. Counts the time spent reading the disk.
     */
    private static final class FileChunks implements ChunkSource {
        private final FileChannel channel;
        private final Path file;
        private final ChunkHasher hasher;
        private final int window;
        private long diskNanos;

        FileChunks(FileChannel channel, Path file, ChunkHasher hasher, int window) {
            this.channel = channel;
            this.file = file;
            this.hasher = hasher;
            this.window = window;
        }

        @Override
        public void fill(ByteBuffer chunk) throws IOException {
            // The slot's previous chunk (window chunks ago) must be hashed before this one overwrites it.
            hasher.awaitHashed(hasher.submitted() - window + 1);
            long readStart = System.nanoTime();
            while (chunk.hasRemaining()) {
                if (channel.read(chunk) < 0) {
                    throw new IOException(file + " became shorter while it was sent");
                }
            }
            diskNanos += System.nanoTime() - readStart;
        }

        @Override
        public void posted(int slot, int length) {
            hasher.submit(slot, length);
        }
    }

    /** The receiver forces the file to disk before it answers: allow for writing all of it slowly. */
    private void awaitVerdict(String name, long size, byte[] digest) {
        link.patience(Waits.patienceNanos(1, size));
        try {
            int event = link.next("the receiver's VERDICT on " + name);
            if (event != TransferLink.MESSAGE || !(link.message() instanceof Control.Verdict verdict)) {
                throw unexpected(event, "a VERDICT");
            }
            if (!verdict.matches() || !Arrays.equals(verdict.sha256(), digest)) {
                throw new VerbsException(SIDE + ": sending " + SafeName.printable(name), "the receiver's SHA-256 "
                        + HexFormat.of().formatHex(verdict.sha256()) + " differs from this side's "
                        + HexFormat.of().formatHex(digest) + ", and it deleted what it wrote",
                        "The data was damaged on the way: send it again");
            }
        } finally {
            link.patience(Waits.patienceNanos(window, chunkSize));
        }
    }

    /** An event the protocol does not allow here; an ABORT says why the receiver gave up. */
    private VerbsException unexpected(int event, String expected) {
        if (event == TransferLink.MESSAGE && link.message() instanceof Control.Abort abort) {
            return new VerbsException(SIDE, "the receiver gave up: " + abort.reason(), "Look at the receiver's output");
        }
        return abort(protocol("expected " + expected + ", got " + describe(event)));
    }

    private String describe(int event) {
        return switch (event) {
            case TransferLink.DATA_WRITTEN -> "a chunk's completion";
            case TransferLink.DATA_ARRIVED -> "an RDMA WRITE from the receiver";
            case TransferLink.CREDITED -> "a CREDIT";
            default -> Control.aOrAn(link.message().type());
        };
    }

    private static VerbsException protocol(String cause) {
        return new VerbsException(SIDE + ": the file transfer protocol", cause,
                "Is the peer 07-file-transfer --server, of the same version?");
    }

    /** Tells the receiver why this side gives up, if it still listens, and returns {@code failure} to throw. */
    private VerbsException abort(VerbsException failure) {
        try {
            link.send(new Control.Abort(failure.getMessage()));
        } catch (RuntimeException peerGone) {
            failure.addSuppressed(peerGone);
        }
        return failure;
    }
}
