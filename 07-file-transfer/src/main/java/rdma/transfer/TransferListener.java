package rdma.transfer;

/**
 * Told of a transfer's progress, on the transfer's own thread: a progress bar, plain lines, or a
 * test. {@link #advanced} comes once a chunk, and must not allocate or block for long.
 */
public interface TransferListener {
    /** A file of {@code size} bytes starts. */
    default void started(String name, long size) {
    }

    /** {@code bytes} of the current file have gone (sender) or arrived (receiver) so far. */
    default void advanced(long bytes) {
    }

    /** The file moved, and both sides agreed on its SHA-256. */
    default void finished(FileResult result) {
    }

    TransferListener NONE = new TransferListener() {
    };
}
