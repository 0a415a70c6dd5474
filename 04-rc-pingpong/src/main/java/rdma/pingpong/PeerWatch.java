package rdma.pingpong;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.util.concurrent.TimeUnit;

/**
 * The TCP connection of the address exchange, kept open while the program runs, as perftest
 * keeps its own: when the peer's process ends, however it ends, its kernel closes the connection,
 * and this side learns of it at once. A target that only waits for memory to change has no RDMA
 * traffic of its own that could fail; this is how it notices a peer that is gone. A peer that
 * finished its run sends one byte before it closes, so that the two ends can be told apart.
 */
public final class PeerWatch implements AutoCloseable {
    private final Socket socket;
    private final Thread reader;
    private volatile boolean gone;
    private volatile boolean finished;

    PeerWatch(Socket socket) {
        this.socket = socket;
        this.reader = new Thread(this::readUntilClosed, "peer watch");
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * After the exchange a peer sends one byte at most, when it finished its run
     * ({@link #sayFinished}); otherwise the read returns only when the connection ends.
     */
    private void readUntilClosed() {
        try {
            InputStream in = socket.getInputStream();
            while (in.read() >= 0) {
                finished = true;
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

    /** Whether the peer said it finished its run before it closed. */
    public boolean peerFinished() {
        return finished;
    }

    /** Tells the peer that this side finished its run; a peer that is gone already needs no telling. */
    public void sayFinished() {
        try {
            OutputStream out = socket.getOutputStream();
            out.write(1);
            out.flush();
        } catch (IOException gone) {
            // the peer closed first: it learns nothing more from this side
        }
    }

    /** Waits at most {@code nanos} for the peer to close its side. */
    public void awaitPeerGone(long nanos) {
        try {
            reader.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(nanos)));
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        AddressExchange.closeQuietly(socket);
    }
}
