package rdma.pingpong;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import rdma.devices.VerbsException;
import rdma.queues.RemoteAddress;

/**
 * The out-of-band TCP exchange of ibv_rc_pingpong: before two QPs can talk, each side must learn
 * the other's LID, QP number, PSN and GID. The client sends its message, reads the server's and
 * answers "done"; the server reads the client's message, moves its QP to RTR and RTS, and only
 * then replies, so that the client cannot send before the server can receive.
 */
public final class AddressExchange {
    static final int CONNECT_TIMEOUT_MILLIS = 5_000;
    static final int READ_TIMEOUT_MILLIS = 15_000;

    private AddressExchange() {
    }

    /** What the server does between reading the client's address and replying with its own. */
    @FunctionalInterface
    public interface Connector {
        void connect(RemoteAddress client);
    }

    /** The client's side: connect, send ours, read theirs, say done. */
    public static RemoteAddress client(String host, int port, RemoteAddress mine) {
        String peer = host + ":" + port;
        try (Socket socket = connect(host, port)) {
            socket.setSoTimeout(READ_TIMEOUT_MILLIS);
            socket.getOutputStream().write(ExchangeMessage.format(mine));
            RemoteAddress server = parse(readExactly(socket.getInputStream(), ExchangeMessage.SIZE, peer), peer);
            socket.getOutputStream().write(new byte[] {'d', 'o', 'n', 'e', 0});
            return server;
        } catch (SocketTimeoutException silent) {
            throw new VerbsException("exchanging addresses with " + peer, "it sent nothing for "
                    + READ_TIMEOUT_MILLIS / 1000 + " s", "Is the server an ibv_rc_pingpong (same message format)?");
        } catch (IOException broken) {
            throw new VerbsException("exchanging addresses with " + peer, broken.getMessage(), "Is the server still running?");
        }
    }

    /** A connected socket, within {@link #CONNECT_TIMEOUT_MILLIS}: an unreachable server is an error, not a hang. */
    private static Socket connect(String host, int port) {
        String peer = host + ":" + port;
        Socket socket = new Socket();
        try {
            socket.connect(new InetSocketAddress(host, port), CONNECT_TIMEOUT_MILLIS);
            return socket;
        } catch (UnknownHostException unknown) {
            throw new VerbsException("connecting to " + peer, "unknown host " + host, "Check the server's name or address");
        } catch (ConnectException refused) {
            throw new VerbsException("connecting to " + peer, "nothing is listening there (" + refused.getMessage() + ")",
                    "Start the server first (--server on the other side) and check the host and -p/--port");
        } catch (SocketTimeoutException silent) {
            throw new VerbsException("connecting to " + peer, "no answer within " + CONNECT_TIMEOUT_MILLIS / 1000 + " s",
                    "Check that the server is reachable (ping it) and not behind a firewall");
        } catch (IOException unreachable) {
            throw new VerbsException("connecting to " + peer, unreachable.getMessage(), "Check the server's address and your network");
        } finally {
            if (!socket.isConnected()) {
                closeQuietly(socket);
            }
        }
    }

    /** Closes a socket that may already be closed, or broken: nothing useful can fail here. */
    static void closeQuietly(Closeable socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // the peer learns of it from its own side of the connection
        }
    }

    /** Listens on {@code port} (all addresses), as the server does before waiting for a client. */
    public static ServerSocket listen(int port) {
        try {
            ServerSocket listener = new ServerSocket();
            listener.setReuseAddress(true);
            listener.bind(new InetSocketAddress(port), 1);
            return listener;
        } catch (IOException inUse) {
            throw new VerbsException("listening on port " + port, inUse.getMessage(),
                    "Another server may be using it: pick another with -p/--port on both sides");
        }
    }

    /**
     * The server's side, on a socket from {@link #listen}: wait for one client, read its
     * address, run {@code connector} (RTR and RTS), then reply with ours and wait for "done".
     */
    public static RemoteAddress server(ServerSocket listener, RemoteAddress mine, Connector connector) {
        String peer = "the client";
        try (ServerSocket closing = listener; Socket socket = closing.accept()) {
            peer = "client " + socket.getInetAddress().getHostAddress();
            socket.setSoTimeout(READ_TIMEOUT_MILLIS);
            RemoteAddress client = parse(readExactly(socket.getInputStream(), ExchangeMessage.SIZE, peer), peer);
            connector.connect(client);
            socket.getOutputStream().write(ExchangeMessage.format(mine));
            readExactly(socket.getInputStream(), ExchangeMessage.DONE_SIZE, peer);
            return client;
        } catch (SocketTimeoutException silent) {
            throw new VerbsException("exchanging addresses with " + peer, "it sent nothing for "
                    + READ_TIMEOUT_MILLIS / 1000 + " s", "Is the client an ibv_rc_pingpong (same message format)?");
        } catch (IOException broken) {
            throw new VerbsException("exchanging addresses with " + peer, String.valueOf(broken.getMessage()),
                    "Is the client still running?");
        }
    }

    private static RemoteAddress parse(byte[] message, String peer) {
        try {
            return ExchangeMessage.parse(message);
        } catch (ExchangeMessage.MalformedException malformed) {
            throw new VerbsException("reading the address of " + peer, "malformed exchange message: " + malformed.getMessage(),
                    "Both sides must speak ibv_rc_pingpong's format; is the peer a pingpong of another kind?");
        }
    }

    /** Reads exactly {@code size} bytes; the peer closing early is an error that says how far it got. */
    static byte[] readExactly(InputStream in, int size, String peer) throws IOException {
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
