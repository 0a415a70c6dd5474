package rdma.transfer;

import java.io.EOFException;
import java.io.PrintStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import rdma.devices.Device;
import rdma.pingpong.AddressExchange;
import rdma.pingpong.Connection;
import rdma.pingpong.waiting.Waiting;
import rdma.support.PeerGoneException;
import rdma.support.VerbsException;
import rdma.transfer.files.SafeName;
import rdma.write.RdmaPeer;
import rdma.write.session.PeerWatch;

/** The sender's side of a run: check the files, connect to the receiver, send them all, say BYE. */
public final class FileClient {
    private final TransferOptions options;
    private final Waiting waiting;

    public FileClient(TransferOptions options, Waiting waiting) {
        this.options = options;
        this.waiting = waiting;
    }

    /** Sends every file to {@code host}, in order; returns what moved. Files are checked before any connection is made. */
    public List<FileResult> send(Device device, String host, List<Path> files, PrintStream out, TransferListener listener) {
        files.forEach(FileClient::requireSendable);
        List<FileResult> results = new ArrayList<>();
        try (Connection<RdmaPeer> connection = Connection.prepare(device, TransferPlan.of(options, waiting, false), out)) {
            TransferLink link = TransferPlan.link(connection, options, false);
            RdmaPeer mine = connection.announce();
            try (PeerWatch<RdmaPeer> watch = exchange(connection, AddressExchange.connect(host, options.connection.port), mine)) {
                link.connected(watch);
                FileSender sender = new FileSender(link, watch.peer().buffer(), listener);
                sender.start();
                out.printf("sender: chunks of %d bytes, %d in flight%n", sender.chunkSize(), sender.window());
                for (Path file : files) {
                    results.add(sender.send(file, file.getFileName().toString()));
                }
                sender.finish();
                watch.finish(true);
            }
        }
        return results;
    }

    /**
     * The exchange with the receiver, which answers a sender it lets in and closes the connection of
     * one it does not (its --allow) before it answers: then the hint says so.
     */
    private static PeerWatch<RdmaPeer> exchange(Connection<RdmaPeer> connection, Socket socket, RdmaPeer mine) {
        try {
            return PeerWatch.exchange(connection, socket, false, mine);
        } catch (VerbsException failed) {
            // Closed before its answer: a FIN, or a reset when the closing side left our message unread.
            if (failed.getCause() instanceof EOFException || failed.getCause() instanceof SocketException) {
                throw new PeerGoneException(failed.verb(), String.valueOf(failed.getCause().getMessage()),
                        "The receiver closed the connection before it answered: it may not let this machine in"
                                + " (its --allow), or it stopped", failed.getCause());
            }
            throw failed;
        }
    }

    /** A file the sender can read and the receiver will accept the name of, or an error that says why not. */
    static void requireSendable(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new VerbsException("sending " + file, Files.exists(file) ? "it is not a regular file" : "no such file",
                    "Name files that exist; directories are not sent");
        }
        if (!Files.isReadable(file)) {
            throw new VerbsException("sending " + file, "this user may not read it", "Check its permissions");
        }
        String problem = SafeName.problem(file.getFileName().toString());
        if (problem != null) {
            throw new VerbsException("sending " + file, problem, "Rename the file");
        }
    }
}
