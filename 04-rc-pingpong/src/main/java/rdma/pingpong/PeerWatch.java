package rdma.pingpong;

import java.io.IOException;
import java.net.Socket;
import java.util.concurrent.TimeUnit;

/**
 * The TCP connection of the address exchange, kept open while the program runs, as perftest
 * keeps its own: when the peer's process ends, however it ends, its kernel closes the connection,
 * and this side learns of it at once. A target that only waits for memory to change has no RDMA
 * traffic of its own that could fail; this is how it notices a peer that is gone.
 */
public final class PeerWatch implements AutoCloseable {
    private final Socket socket;
    private final Thread reader;
    private volatile boolean gone;

    PeerWatch(Socket socket) {
        this.socket = socket;
        this.reader = new Thread(this::readUntilClosed, "peer watch");
        reader.setDaemon(true);
        reader.start();
    }

    /** The peer sends nothing more after the exchange: the read returns only when the connection ends. */
    private void readUntilClosed() {
        try {
            while (socket.getInputStream().read() >= 0) {
                // nothing is expected; a byte changes nothing
            }
        } catch (IOException closed) {
            // reset by the peer, or closed by this side: the connection is over either way
        } finally {
            gone = true;
        }
    }

    /** Whether the peer's side of the connection is closed. */
    public boolean peerGone() {
        return gone;
    }

    /** Waits at most {@code seconds} for the peer to close its side. */
    public void awaitPeerGone(long seconds) {
        try {
            reader.join(TimeUnit.SECONDS.toMillis(seconds));
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        AddressExchange.closeQuietly(socket);
    }
}
