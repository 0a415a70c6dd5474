package rdma.transfer;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.ByteBuffer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import rdma.devices.Device;
import rdma.devices.DeviceList;
import rdma.events.WaitMode;
import rdma.pingpong.AddressExchange;
import rdma.pingpong.Connection;
import rdma.support.Cli;
import rdma.support.Closeables;
import rdma.write.RdmaPeer;
import rdma.write.session.PeerWatch;

/**
 * Chapter 07's transport without its file and its hash, for the benchmark beside
 * {@code ib_write_bw}: the same connection, ring, WRITE WITH IMMEDIATE and credits as the file
 * transfer (it lives in 07's package for {@link TransferPlan}), moving {@code --bytes} bytes that
 * nobody reads or writes. The sender is 07's own pipeline ({@link FileSender#sendChunks}); the
 * receiver announces its ring as {@link FileReceiver} does and credits every quarter of it, with
 * no hash to wait for. Both sides wait as {@code --wait} says (chapter 08's modes; 07 polls). The
 * sender prints "transport: N bytes in S s = R MiB/s", timed from its first WRITE to the credit
 * for its last chunk.
 */
@Command(name = "transport-alone", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Chapter 07's chunks and credits, no file and no hash: --server, then a client with a host.")
public final class TransportAlone extends Cli.Program {
    @Mixin
    TransferOptions options = new TransferOptions(TransferOptions.PORT);

    @Option(names = "--bytes", paramLabel = "<size>", converter = TransferOptions.SizeConverter.class,
            description = "bytes to move (default 1G)")
    long bytes = 1L << 30;

    @Option(names = "--wait", paramLabel = "<mode>", description = "poll, events or adaptive: chapter 08's ways to wait (default poll, chapter 07's)")
    WaitMode wait = WaitMode.poll;

    TransportAlone(PrintStream out, PrintStream err) {
        super(out, err);
    }

    public static void main(String[] args) {
        Cli.main(TransportAlone::new, args);
    }

    @Override
    public Integer call() {
        refuse(options.connection.invalid()); // the rest of 07's checks ask for files, which this does not send
        boolean receiver = options.connection.host == null;
        try (DeviceList devices = DeviceList.open();
                Connection<RdmaPeer> connection = Connection.prepare(devices.select(options.connection.ibDev),
                        TransferPlan.of(options, wait, receiver), out)) {
            TransferLink link = TransferPlan.link(connection, options, receiver);
            if (receiver) {
                receive(connection, link);
            } else {
                send(connection, link);
            }
        }
        return 0;
    }

    private void receive(Connection<RdmaPeer> connection, TransferLink link) {
        ServerSocket listener = AddressExchange.listen(options.connection.port);
        RdmaPeer mine = connection.announce();
        try (PeerWatch<RdmaPeer> watch = PeerWatch.exchange(connection, AddressExchange.accept(listener), true, mine)) {
            link.connected(watch);
            // The READY that 07's sender waits for, to settle on the chunk size and the window.
            link.send(new Control.Ready(Control.VERSION, link.chunkSize(), link.dataSlots()));
            long chunks = chunks(link);
            int batch = Math.max(1, link.dataSlots() / 4);
            int uncredited = 0;
            for (long arrived = 1; arrived <= chunks; arrived++) {
                if (link.next("a chunk") != TransferLink.DATA_ARRIVED) {
                    throw new IllegalStateException("transport-alone: something else than a chunk arrived");
                }
                if (++uncredited == batch || arrived == chunks) {
                    link.sendCredit(uncredited);
                    uncredited = 0;
                }
            }
            link.awaitSendsCompleted("the last credit's acknowledgement");
            watch.finish(false);
        } finally {
            Closeables.closeQuietly(listener);
        }
    }

    /** Chapter 07's own pipeline ({@link FileSender#sendChunks}), its chunks filled by nobody. */
    private void send(Connection<RdmaPeer> connection, TransferLink link) {
        try (PeerWatch<RdmaPeer> watch = PeerWatch.exchange(connection, options.connection.host, ignored -> { })) {
            link.connected(watch);
            FileSender sender = new FileSender(link, watch.peer().buffer(), TransferListener.NONE);
            sender.start();
            long bytes = chunks(link) * sender.chunkSize();
            long start = System.nanoTime();
            sender.sendChunks(UNFILLED, bytes);
            double seconds = (System.nanoTime() - start) / 1e9;
            out.printf("transport: %d bytes in %.2f s = %.2f MiB/s%n", bytes, seconds, bytes / seconds / (1 << 20));
            watch.finish(true);
        } catch (IOException cannotHappen) {
            throw new UncheckedIOException(cannotHappen);
        }
    }

    /** Chunks whose bytes are whatever their slots held: nothing reads or hashes them. */
    private static final FileSender.ChunkSource UNFILLED = new FileSender.ChunkSource() {
        @Override
        public void fill(ByteBuffer chunk) {
        }

        @Override
        public void posted(int slot, int length) {
        }
    };

    private long chunks(TransferLink link) {
        return Math.max(1, bytes / link.chunkSize());
    }
}
