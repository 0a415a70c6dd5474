package rdma.pingpong;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.function.Consumer;
import rdma.support.Closeables;
import rdma.support.PeerGoneException;
import rdma.support.VerbsException;

/**
 * The out-of-band TCP exchange of ibv_rc_pingpong: before two QPs can talk, each side must learn
 * the other's address (LID, QP number, PSN, GID, and whatever else a chapter's format carries).
 * The client sends its message, reads the server's, moves its QP to RTR and RTS, and only then
 * answers "done"; the server reads the client's message, moves its QP to RTR and RTS, and only then
 * replies. So neither side can send before the other can receive: a packet that reaches a QP not
 * yet in RTR is dropped without a word, and only its sender's retry timer would bring it back.
 * (rc_pingpong's client connects after its "done", which is safe there because the client sends
 * first; a program whose server sends first needs the order here.)
 */
public final class AddressExchange {
    static final int CONNECT_TIMEOUT_MILLIS = 5_000;
    /** How long a side waits for each part of the peer's side of an exchange. */
    public static final int READ_TIMEOUT_MILLIS = 15_000;

    private static final String SERVER_OF_ANOTHER_KIND_HINT = "Is the server a program of the same kind (same message format)?";
    private static final String CLIENT_OF_ANOTHER_KIND_HINT = "Is the client a program of the same kind (same message format)?";
    private static final String SERVER_GONE_HINT = "Is the server still running?";
    private static final String CLIENT_GONE_HINT = "Is the client still running?";

    private AddressExchange() {
    }

    /**
     * The TCP connection of one exchange: a client ({@code host} given) connects to
     * {@code host:port}; a server ({@code host} null) listens on {@code port}, calls
     * {@code listening} with its listener, and accepts one client, then stops listening: one
     * client per run, as in C. The caller closes the socket.
     */
    public static Socket open(String host, int port, Consumer<ServerSocket> listening) {
        if (host != null) {
            return connect(host, port);
        }
        try (ServerSocket listener = listen(port)) {
            listening.accept(listener);
            return accept(listener);
        } catch (IOException closing) {
            throw new VerbsException("listening on port " + port, String.valueOf(closing.getMessage()), "Report this", closing);
        }
    }

    /**
     * The client's side, on a connected socket: send ours, read theirs, run {@code connector} (RTR
     * and RTS), then say done.
     */
    public static <T> T client(Socket socket, T mine, ExchangeFormat<T> format, Consumer<T> connector) {
        InetSocketAddress server = (InetSocketAddress) socket.getRemoteSocketAddress();
        String peer = server.getHostString() + ":" + server.getPort();
        try {
            socket.setSoTimeout(READ_TIMEOUT_MILLIS);
            socket.getOutputStream().write(format.format(mine));
            T reply = parse(format, readExactly(socket.getInputStream(), format.size(), peer), peer);
            connector.accept(reply);
            socket.getOutputStream().write(ExchangeMessage.terminated("done"));
            socket.setSoTimeout(0);
            return reply;
        } catch (IOException failure) {
            throw failed("exchanging addresses with " + peer, failure, SERVER_OF_ANOTHER_KIND_HINT, SERVER_GONE_HINT, SERVER_GONE_HINT);
        }
    }

    /** A connected socket, within {@link #CONNECT_TIMEOUT_MILLIS}: an unreachable server is an error, not a hang. */
    public static Socket connect(String host, int port) {
        String peer = host + ":" + port;
        Socket socket = new Socket();
        try {
            socket.connect(new InetSocketAddress(host, port), CONNECT_TIMEOUT_MILLIS);
            return socket;
        } catch (UnknownHostException unknown) {
            throw new VerbsException("connecting to " + peer, "unknown host " + host, "Check the server's name or address", unknown);
        } catch (ConnectException refused) {
            throw new VerbsException("connecting to " + peer, "nothing is listening there (" + refused.getMessage() + ")",
                    "Start the server first (the same command without a host, on the other side) and check the host and -p/--port",
                    refused);
        } catch (SocketTimeoutException silent) {
            throw new VerbsException("connecting to " + peer, "no answer within " + CONNECT_TIMEOUT_MILLIS / 1000 + " s",
                    "Check that the server is reachable (ping it) and not behind a firewall", silent);
        } catch (IOException unreachable) {
            throw new VerbsException("connecting to " + peer, String.valueOf(unreachable.getMessage()),
                    "Check the server's address and your network", unreachable);
        } finally {
            if (!socket.isConnected()) {
                Closeables.closeQuietly(socket);
            }
        }
    }

    /** Listens on {@code port} (all addresses), as the server does before waiting for a client. */
    public static ServerSocket listen(int port) {
        ServerSocket listener;
        try {
            listener = new ServerSocket();
        } catch (IOException noSocket) {
            throw new VerbsException("listening on port " + port, String.valueOf(noSocket.getMessage()),
                    "The process may have run out of file descriptors (ulimit -n)", noSocket);
        }
        try {
            listener.setReuseAddress(true);
            listener.bind(new InetSocketAddress(port), 1);
            return listener;
        } catch (IOException inUse) {
            Closeables.closeQuietly(listener);
            throw new VerbsException("listening on port " + port, String.valueOf(inUse.getMessage()),
                    "Another server may be using it: pick another with -p/--port on both sides", inUse);
        }
    }

    /** The next client of {@code listener}, which stays open for the clients after it. */
    public static Socket accept(ServerSocket listener) {
        try {
            return listener.accept();
        } catch (IOException closed) {
            throw new PeerGoneException("waiting for a client on port " + listener.getLocalPort(), String.valueOf(closed.getMessage()),
                    "The listener was closed before a client came", closed);
        }
    }

    /**
     * The server's side, on an accepted socket: read the client's message, run
     * {@code connector} (RTR and RTS), then reply with ours and wait for "done".
     */
    public static <T> T server(Socket socket, T mine, ExchangeFormat<T> format, Consumer<T> connector) {
        String peer = "client " + socket.getInetAddress().getHostAddress();
        try {
            socket.setSoTimeout(READ_TIMEOUT_MILLIS);
            T client = parse(format, readExactly(socket.getInputStream(), format.size(), peer), peer);
            connector.accept(client);
            socket.getOutputStream().write(format.format(mine));
            readExactly(socket.getInputStream(), ExchangeMessage.DONE_SIZE, peer);
            socket.setSoTimeout(0);
            return client;
        } catch (IOException failure) {
            throw failed("exchanging addresses with " + peer, failure, CLIENT_OF_ANOTHER_KIND_HINT, CLIENT_GONE_HINT, CLIENT_GONE_HINT);
        }
    }

    /**
     * What a failed exchange is, in one exception: the peer sent nothing in time (it is silent: a
     * program that expects other messages waits as this one does), closed the connection (it is
     * gone: a {@link PeerGoneException}), or the connection broke. {@code doing} names the
     * exchange, and each case has its hint.
     */
    public static RuntimeException failed(String doing, IOException failure, String silentHint, String goneHint, String brokenHint) {
        if (failure instanceof SocketTimeoutException) {
            return new VerbsException(doing, "it sent nothing for " + READ_TIMEOUT_MILLIS / 1000 + " s", silentHint, failure);
        }
        if (failure instanceof EOFException) {
            return new PeerGoneException(doing, failure.getMessage(), goneHint, failure);
        }
        return new VerbsException(doing, String.valueOf(failure.getMessage()), brokenHint, failure);
    }

    private static <T> T parse(ExchangeFormat<T> format, byte[] message, String peer) {
        try {
            return format.parse(message);
        } catch (ExchangeFormat.MalformedMessageException malformed) {
            throw new VerbsException("reading the address of " + peer, "malformed exchange message: " + malformed.getMessage(),
                    "Both sides must use the same exchange format: is the peer a program of another kind (another chapter, or ibv_ud_pingpong)?",
                    malformed);
        }
    }

    /** Reads exactly {@code size} bytes; the peer closing early is an error that says how far it got. */
    public static byte[] readExactly(InputStream in, int size, String peer) throws IOException {
        byte[] bytes = new byte[size];
        int read = 0;
        while (read < size) {
            int n = in.read(bytes, read, size - read);
            if (n < 0) {
                throw new EOFException(peer + " closed the connection during the address exchange after "
                        + read + " of " + size + " bytes");
            }
            read += n;
        }
        return bytes;
    }
}
