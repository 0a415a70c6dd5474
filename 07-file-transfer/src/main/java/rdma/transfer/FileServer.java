package rdma.transfer;

import java.io.PrintStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.function.Consumer;
import rdma.devices.Device;
import rdma.pingpong.Connection;
import rdma.pingpong.waiting.Waiting;
import rdma.support.Closeables;
import rdma.support.VerbsException;
import rdma.transfer.access.Admission;
import rdma.transfer.files.Destination;
import rdma.transfer.files.PartialFile;
import rdma.write.RdmaPeer;
import rdma.write.session.PeerWatch;

/**
 * The receiver's side of a run: one TCP listener for the whole run, and for each sender it lets in
 * ({@link Admission}) a connection of its own (a device context, a PD, the two regions, a CQ and an
 * RC QP, all released when that sender is done). A sender that fails, misbehaves or vanishes ends
 * its own connection with one line on stderr; the server goes on with the next, unless it serves
 * only once.
 */
public final class FileServer {
    private final TransferOptions options;
    private final Waiting waiting;
    private final Destination destination;
    private final Admission admission;
    private final String program;
    private final int staleRemoved;

    /** A server for {@code options}; the partial files that receivers killed earlier left in its directory are deleted. */
    public FileServer(TransferOptions options, Waiting waiting, String program) {
        this.options = options;
        this.waiting = waiting;
        this.destination = Destination.of(options.dir, options.force, options.maxSize);
        this.admission = options.admission();
        this.program = program;
        this.staleRemoved = PartialFile.removeStale(destination.directory());
    }

    /**
     * Serves senders until the listener closes, or one sender with --once; returns 0 when every
     * connection it served ended well. {@code listening} is told once the listener is open.
     */
    public int run(Device device, PrintStream out, PrintStream err, TransferListener listener, Consumer<ServerSocket> listening) {
        boolean allWell = true;
        ServerSocket serverSocket = listen(out, listening);
        try {
            do {
                try {
                    serve(device, serverSocket, out, listener);
                } catch (VerbsException failure) {
                    if (serverSocket.isClosed()) {
                        break;
                    }
                    err.println(program + ": " + failure.getMessage());
                    allWell = false;
                }
            } while (!options.once && !serverSocket.isClosed());
        } finally {
            Closeables.closeQuietly(serverSocket);
        }
        return allWell ? 0 : 1;
    }

    /** One sender, its errors thrown rather than printed: the demo's server, whose {@code Demo} reports them. */
    public List<FileResult> serveOnce(Device device, PrintStream out, TransferListener listener, Consumer<ServerSocket> listening) {
        ServerSocket serverSocket = listen(out, listening);
        try {
            return serve(device, serverSocket, out, listener);
        } finally {
            Closeables.closeQuietly(serverSocket);
        }
    }

    private ServerSocket listen(PrintStream out, Consumer<ServerSocket> listening) {
        ServerSocket serverSocket = admission.listen(options.connection.port);
        if (staleRemoved > 0) {
            out.printf("receiver: deleted %d partial file(s) that a receiver no longer running left behind%n", staleRemoved);
        }
        out.printf("receiver: files go to %s; waiting for senders on TCP port %d%n",
                destination.directory().toAbsolutePath().normalize(), options.connection.port);
        out.println(admission.describe());
        listening.accept(serverSocket);
        return serverSocket;
    }

    /**
     * One sender, from its connection to its BYE; the files it sent, or the error that ended it.
     * The sender's TCP connection comes from {@code serverSocket}, which stays open for the next;
     * a peer the receiver does not let in is refused there, before anything is made for it on the
     * device.
     */
    public List<FileResult> serve(Device device, ServerSocket serverSocket, PrintStream out, TransferListener listener) {
        Socket socket = admission.accept(serverSocket, out);
        try (Connection<RdmaPeer> connection = Connection.prepare(device, TransferPlan.of(options, waiting, true), out)) {
            TransferLink link = TransferPlan.link(connection, options, true);
            RdmaPeer mine = connection.announce();
            try (PeerWatch<RdmaPeer> watch = PeerWatch.exchange(connection, socket, true, mine)) {
                link.connected(watch);
                FileReceiver receiver = new FileReceiver(link, destination, listener);
                receiver.start();
                List<FileResult> results = receiver.serve();
                watch.finish(false);
                out.printf("receiver: the sender said BYE after %d file(s)%n", results.size());
                return results;
            }
        } finally {
            Closeables.closeQuietly(socket); // closed already, unless the connection failed before the exchange
        }
    }
}
