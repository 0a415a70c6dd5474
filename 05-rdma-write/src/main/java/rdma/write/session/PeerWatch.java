package rdma.write.session;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import rdma.pingpong.AddressExchange;
import rdma.pingpong.Connection;
import rdma.queues.QueuePair;
import rdma.queues.c.QpState;
import rdma.support.Closeables;
import rdma.support.PeerGoneException;
import rdma.support.VerbsException;

/**
 * The exchange of chapter 04 over a TCP connection that stays open while the program runs, as
 * perftest keeps its own: when the peer's process ends, however it ends, its kernel closes the
 * connection, and this side learns of it at once. A target that only waits for memory to change
 * has no RDMA traffic of its own that could fail; this is how it notices a peer that is gone. A
 * peer that finished its run sends one byte before it closes, so that the two ends can be told
 * apart.
 *
 * @param <T> the exchange's message
 */
public final class PeerWatch<T> implements AutoCloseable {
    /** How long a side that finished waits for its peer's orderly end. */
    static final long FINISH_SECONDS = 5;

    private final Socket socket;
    private final T peer;
    private final QueuePair qp;
    private final Thread reader;
    private final boolean watching;
    private volatile boolean gone;
    private volatile boolean finished;

    /** Watches {@code socket}, over which {@code peer} arrived to the side of {@code qp} (null in tests without one). */
    public PeerWatch(Socket socket, T peer, QueuePair qp) {
        this(socket, peer, qp, true);
    }

    private PeerWatch(Socket socket, T peer, QueuePair qp, boolean watching) {
        this.socket = socket;
        this.peer = peer;
        this.qp = qp;
        this.reader = new Thread(this::readUntilClosed, "peer watch");
        reader.setDaemon(true);
        this.watching = watching;
        if (watching) {
            reader.start();
        }
    }

    /**
     * The connection kept, not watched: for a peer that talks over it again after the run
     * (ib_write_bw sends its results), whose words a watch would swallow. Such a peer's end shows
     * as the end of that conversation ({@link #socket}), and {@link #finish} only closes.
     */
    public static <T> PeerWatch<T> unwatched(Socket socket, T peer, QueuePair qp) {
        return new PeerWatch<>(socket, peer, qp, false);
    }

    /** The TCP connection, for the conversation of an {@link #unwatched} peer after the run. */
    public Socket socket() {
        return socket;
    }

    /**
     * Connects {@code connection} to its peer as {@link Connection#exchange(String, Consumer)}
     * does (a client connects to {@code host}, a server listens), and keeps the TCP connection.
     */
    public static <T> PeerWatch<T> exchange(Connection<T> connection, String host, Consumer<ServerSocket> listening) {
        T mine = connection.announce();
        return exchange(connection, AddressExchange.open(host, connection.plan().options().port, listening), host == null, mine);
    }

    /**
     * The same over {@code socket}, a TCP connection the caller opened (a server's next client,
     * say); the watch owns it from now on, also when the exchange fails.
     */
    public static <T> PeerWatch<T> exchange(Connection<T> connection, Socket socket, boolean asServer, T mine) {
        try {
            return new PeerWatch<>(socket, connection.exchange(socket, asServer, mine), connection.endpoint().qp());
        } catch (RuntimeException failure) {
            Closeables.closeQuietly(socket);
            throw failure;
        }
    }

    /** What the peer sent in the exchange. */
    public T peer() {
        return peer;
    }

    /**
     * After the exchange a peer sends one byte at most, when it finished its run
     * ({@link #finish}); otherwise the read returns only when the connection ends.
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

    /**
     * Ends a run in order, so that neither side takes the other's orderly end for a failure: the
     * side that finishes last ({@code closesFirst}, the initiator) says so and closes first; the
     * other waits for that, a few seconds at most, before it closes.
     */
    public void finish(boolean closesFirst) {
        if (!watching) { // the conversation after the run ended it
            close();
            return;
        }
        if (closesFirst) {
            sayFinished();
        } else {
            awaitPeerGone(TimeUnit.SECONDS.toNanos(FINISH_SECONDS));
        }
        close();
    }

    /**
     * Waits until the peer has finished its run and closed the connection, at most
     * {@code patienceNanos}: all there is to wait for on a side whose peer does all the work,
     * such as the target of RDMA READs. A peer that closes without saying it finished failed or
     * was stopped.
     */
    public void awaitPeerFinished(long patienceNanos, String what) {
        awaitPeerGone(patienceNanos);
        if (!gone) {
            throw new VerbsException(what, "the peer did not finish within " + TimeUnit.NANOSECONDS.toSeconds(patienceNanos)
                    + " s", "Is the peer stuck? Look at its output");
        }
        if (!finished) {
            throw gone(what, "the peer closed its connection before it finished: it failed or was stopped");
        }
    }

    /**
     * The error of a side whose peer is gone while it waited for {@code what}. The peer may have
     * failed because this side's device refused one of its requests (a remote access error, say):
     * the responder's QP then moves to the error state too, with no completion to tell its
     * program, so the error says the QP's state whenever it is no longer RTS.
     */
    public PeerGoneException gone(String what, String problem) {
        int state = qp == null ? QpState.IBV_QPS_RTS.value() : qp.queryState();
        String qpState = state == QpState.IBV_QPS_RTS.value() ? ""
                : " (and this side's QP is in " + QpState.name(state) + ": its device ended the connection too)";
        return new PeerGoneException(what, problem + qpState, "Look at the other side's output");
    }

    /** Tells the peer that this side finished its run; a peer that is gone already needs no telling. */
    public void sayFinished() {
        try {
            OutputStream out = socket.getOutputStream();
            out.write(1);
            out.flush();
        } catch (IOException peerClosedFirst) {
            // the peer learns nothing more from this side
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
        Closeables.closeQuietly(socket);
    }
}
