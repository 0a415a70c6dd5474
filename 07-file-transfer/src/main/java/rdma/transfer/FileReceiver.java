package rdma.transfer;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import rdma.support.VerbsException;
import rdma.transfer.files.Destination;
import rdma.transfer.files.PartialFile;
import rdma.transfer.files.SafeName;
import rdma.write.session.Waits;

/**
 * The receiving side of a connection: it announces its ring (READY), then takes files until the
 * sender says BYE. For each, it checks the header against its {@link Destination}, writes the
 * chunks that land in its ring into a temporary file as they arrive while a {@link ChunkHasher}
 * hashes them on its own thread, returns their slots to the sender as credits, and keeps the file only when its SHA-256 matches
 * the sender's. Anything out of order or malformed ends the connection with an error that says
 * what arrived; the caller (a server) goes on with the next. The chunk loop creates no object.
 */
public final class FileReceiver {
    private static final String SIDE = "receiver";

    private final TransferLink link;
    private final Destination destination;
    private final TransferListener listener;
    private final int creditBatch;
    private long chunkNumber;

    public FileReceiver(TransferLink link, Destination destination, TransferListener listener) {
        this.link = link;
        this.destination = destination;
        this.listener = listener;
        // Credits go back a few at a time: fewer messages, and still never all of them at once.
        this.creditBatch = Math.max(1, link.dataSlots() / 4);
    }

    /** Tells the sender the ring it may write into; the receives were posted before the exchange. */
    public void start() {
        link.patience(Waits.patienceNanos(link.dataSlots(), link.chunkSize()));
        link.send(new Control.Ready(Control.VERSION, link.chunkSize(), link.dataSlots()));
    }

    /**
     * Receives files until the sender's BYE; returns what it kept, in order. Whatever ends the
     * connection early, the sender is told why (ABORT), unless it knows already.
     */
    public List<FileResult> serve() {
        List<FileResult> results = new ArrayList<>();
        try {
            while (true) {
                int event = link.next("the sender's next FILE");
                if (event == TransferLink.MESSAGE && link.message() instanceof Control.FileHeader header) {
                    results.add(receive(header));
                } else if (event == TransferLink.MESSAGE && link.message() instanceof Control.Bye) {
                    return results;
                } else {
                    throw unexpected(event, "a FILE or a BYE");
                }
            }
        } catch (VerbsException failure) {
            throw abortUnlessThePeerKnows(failure);
        }
    }

    private FileResult receive(Control.FileHeader header) {
        String name = header.name();
        String refusal = header.chunkSize() > link.chunkSize()
                ? "chunks of " + header.chunkSize() + " bytes do not fit the receiver's slots of " + link.chunkSize()
                : destination.refusal(name, header.size());
        if (refusal != null) {
            link.send(new Control.Refuse(refusal));
            throw new PeerKnows(SIDE + ": a FILE", "refused: " + refusal, "The sender was told; this connection ends");
        }
        listener.started(name, header.size());
        long start = System.nanoTime();
        try (PartialFile file = destination.create(name); ChunkHasher hasher = new ChunkHasher(link, SIDE)) {
            link.send(new Control.Accept());
            long diskNanos = receiveChunks(file, header, hasher);
            byte[] digest = hasher.digest();
            Control.End end = awaitEnd();
            boolean matches = Arrays.equals(digest, end.sha256());
            if (!matches) {
                link.send(new Control.Verdict(false, digest));
                throw new PeerKnows(SIDE + ": " + SafeName.printable(name), "its SHA-256 here is "
                        + HexFormat.of().formatHex(digest) + ", the sender's " + HexFormat.of().formatHex(end.sha256())
                        + "; what arrived was deleted", "The data was damaged on the way: the sender may send it again");
            }
            long commitStart = System.nanoTime();
            file.commit();
            diskNanos += System.nanoTime() - commitStart;
            link.send(new Control.Verdict(true, digest));
            FileResult result = new FileResult(name, header.size(), System.nanoTime() - start, diskNanos, digest);
            listener.finished(result);
            return result;
        }
    }

    /**
     * Each WRITE WITH IMMEDIATE that lands is the next chunk, in the next slot of the ring: its
     * immediate data must be that chunk's number (RC delivers in order; a sender that skips or
     * repeats is broken). The chunk goes to the hasher's thread and, beside it, into the file; its
     * slot is free once both are done with it, and every few free slots go back to the sender as a
     * credit. This side waits for the hash only when the sender can send nothing more: every slot
     * of the ring holds a chunk not yet credited, or the file is complete. Returns the time spent
     * writing the disk.
     */
    private long receiveChunks(PartialFile file, Control.FileHeader header, ChunkHasher hasher) {
        long size = header.size();
        int chunkSize = header.chunkSize();
        long received = 0;
        long diskNanos = 0;
        int uncredited = 0;
        while (received < size) {
            int event = link.next("the sender's chunks");
            if (event != TransferLink.DATA_ARRIVED) {
                throw unexpected(event, "a chunk");
            }
            if (link.imm() != (int) chunkNumber) {
                throw protocol("chunk " + Integer.toUnsignedString(link.imm()) + " arrived where chunk "
                        + (int) chunkNumber + " was due");
            }
            int length = (int) Math.min(chunkSize, size - received);
            int slot = (int) (chunkNumber % link.dataSlots());
            hasher.submit(slot, length);
            ByteBuffer chunk = link.chunk(slot);
            chunk.limit(length);
            long writeStart = System.nanoTime();
            file.write(chunk);
            diskNanos += System.nanoTime() - writeStart;
            chunkNumber++;
            received += length;
            uncredited++;
            listener.advanced(received);
            boolean senderWaits = uncredited == link.dataSlots() || received == size;
            if (senderWaits) {
                hasher.awaitHashed(hasher.submitted());
            }
            int free = uncredited - (int) (hasher.submitted() - hasher.hashed()); // written, and hashed
            if (free >= creditBatch || (senderWaits && free > 0)) {
                link.sendCredit(free);
                uncredited -= free;
            }
        }
        return diskNanos;
    }

    private Control.End awaitEnd() {
        int event = link.next("the sender's END");
        if (event == TransferLink.MESSAGE && link.message() instanceof Control.End end) {
            return end;
        }
        throw unexpected(event, "an END (the file's chunks were all there)");
    }

    /** An event the protocol does not allow here; an ABORT says why the sender gave up. */
    private VerbsException unexpected(int event, String expected) {
        if (event == TransferLink.MESSAGE && link.message() instanceof Control.Abort abort) {
            return new PeerKnows(SIDE, "the sender gave up: " + abort.reason(), "Look at the sender's output");
        }
        String got = switch (event) {
            case TransferLink.DATA_ARRIVED -> "a chunk (RDMA WRITE WITH IMMEDIATE " + Integer.toUnsignedString(link.imm()) + ")";
            case TransferLink.DATA_WRITTEN -> "a completion of this side's own RDMA WRITE";
            case TransferLink.CREDITED -> "a CREDIT, which only a receiver sends";
            default -> Control.aOrAn(link.message().type());
        };
        return protocol("expected " + expected + ", got " + got);
    }

    private static VerbsException protocol(String cause) {
        return new VerbsException(SIDE + ": the file transfer protocol", cause,
                "Is the peer 07-file-transfer, of the same version? This connection ends");
    }

    /** A failure the sender already knows of (it said ABORT, or it got a VERDICT): no ABORT follows. */
    private static final class PeerKnows extends VerbsException {
        PeerKnows(String what, String cause, String hint) {
            super(what, cause, hint);
        }
    }

    /** Tells the sender why this side gives up (unless it knows already), and returns {@code failure}. */
    private VerbsException abortUnlessThePeerKnows(VerbsException failure) {
        if (failure instanceof PeerKnows) {
            return failure;
        }
        try {
            link.send(new Control.Abort(failure.getMessage()));
        } catch (RuntimeException peerGone) {
            failure.addSuppressed(peerGone);
        }
        return failure;
    }
}
