package rdma.support;

/** Closing what may already be closed, or broken, where nothing useful can fail. */
public final class Closeables {
    private Closeables() {
    }

    /** Closes a socket or a listener, ignoring a failure: whoever waits on the other end learns of it there. */
    public static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception ignored) {
            // the peer learns of it from its own side of the connection
        }
    }
}
