package rdma.transfer.access;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.stream.Collectors;
import rdma.pingpong.AddressExchange;
import rdma.support.Closeables;
import rdma.support.VerbsException;

/**
 * Who may send files to a receiver: the address it listens on ({@code --bind}; every address of
 * the machine when none is given) and the peers it lets in ({@code --allow}; every peer that
 * reaches the port when none is given). A peer outside the list is refused on its TCP connection,
 * before anything is made for it on the device, and the refusal is one line of the receiver's
 * output.
 */
public final class Admission {
    private final InetAddress bind;
    private final List<Cidr> allowed;

    /** {@code bind} null listens on every address; an empty {@code allowed} lets every peer in. */
    public Admission(InetAddress bind, List<Cidr> allowed) {
        this.bind = bind;
        this.allowed = List.copyOf(allowed);
    }

    /** The receiver's listener on {@code port}: one sender at a time, as chapter 04's server. */
    public ServerSocket listen(int port) {
        String where = (bind == null ? "" : bind.getHostAddress() + " ") + "port " + port;
        ServerSocket listener;
        try {
            listener = new ServerSocket();
        } catch (IOException noSocket) {
            throw new VerbsException("listening on " + where, String.valueOf(noSocket.getMessage()),
                    "The process may have run out of file descriptors (ulimit -n)", noSocket);
        }
        try {
            listener.setReuseAddress(true);
            listener.bind(new InetSocketAddress(bind, port), 1);
            return listener;
        } catch (IOException refused) {
            Closeables.closeQuietly(listener);
            throw new VerbsException("listening on " + where, String.valueOf(refused.getMessage()), bind != null
                    ? "--bind takes an address of this machine (ip -brief address lists them), and the port must be free"
                    : "Another server may be using it: pick another with -p/--port on both sides", refused);
        }
    }

    /**
     * The next sender this receiver lets in: each connection from a peer outside the allow list
     * is closed at once, with one line on {@code out}, and the next one awaited.
     */
    public Socket accept(ServerSocket listener, PrintStream out) {
        while (true) {
            Socket socket = AddressExchange.accept(listener);
            InetAddress peer = socket.getInetAddress();
            if (admits(peer)) {
                return socket;
            }
            Closeables.closeQuietly(socket);
            out.printf("receiver: refused a sender from %s: not in --allow %s%n", peer.getHostAddress(), allowedList());
        }
    }

    /** Whether a peer at {@code peer} may send. */
    public boolean admits(InetAddress peer) {
        return allowed.isEmpty() || allowed.stream().anyMatch(block -> block.contains(peer));
    }

    /** What the receiver says when it starts, after its port: where it listens, and whom it lets in. */
    public String describe() {
        String where = bind == null ? "every address of this machine" : bind.getHostAddress() + " only";
        if (allowed.isEmpty()) {
            return "receiver: open on " + where + " to anyone who reaches the port (--bind and --allow narrow that)";
        }
        return "receiver: open on " + where + " to senders from " + allowedList() + " only";
    }

    private String allowedList() {
        return allowed.stream().map(Cidr::toString).collect(Collectors.joining(", "));
    }
}
