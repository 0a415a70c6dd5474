package rdma.transfer.app;

import java.io.PrintStream;
import java.net.ServerSocket;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import rdma.devices.Device;
import rdma.devices.DeviceList;
import rdma.pingpong.ConnectionOptions;
import rdma.pingpong.waiting.Waiting;
import rdma.support.Cli;
import rdma.support.Demo;
import rdma.support.VerbsException;
import rdma.transfer.FileClient;
import rdma.transfer.FileServer;
import rdma.transfer.TransferListener;
import rdma.transfer.TransferOptions;
import rdma.transfer.terminal.Progress;

/**
 * Chapter 07: files from one machine to another over RDMA. The receiver ({@code --server})
 * grants a ring of chunk slots; the sender writes each chunk into the next slot with RDMA WRITE
 * WITH IMMEDIATE, and the control messages (file header, credits, checksums) go as SENDs on the
 * same connection. The TCP connection only sets it up, and tells each side when the other is gone.
 */
@Command(name = "07-file-transfer", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Send files over RDMA: RDMA WRITE WITH IMMEDIATE into the receiver's ring, SHA-256 checked.",
                "  07-file-transfer [--server] [options]        receive into --dir, one sender after another",
                "  07-file-transfer [options] <host> <file>...  send the files to <host>",
                "  07-file-transfer [--demo]                    send a 64 MiB file of random bytes from one device to another"})
public final class FileTransferMain extends Cli.Program {
    /** Above chapter 06's, so that the chapters can run side by side. */
    static final int PORT = TransferOptions.PORT;
    static final long DEMO_SIZE = 64L << 20;

    @Mixin
    TransferOptions options = new TransferOptions(PORT);

    private final Waiting waiting;

    FileTransferMain(PrintStream out, PrintStream err) {
        super(out, err);
        this.waiting = Waiting.POLL;
    }

    public static void main(String[] args) {
        Cli.main(FileTransferMain::new, args);
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        return Cli.run(FileTransferMain::new, args, out, err);
    }

    @Override
    public Integer call() {
        String invalid = options.invalid();
        refuse(invalid);
        try (DeviceList devices = DeviceList.open()) {
            Device device = devices.select(options.connection.ibDev);
            boolean noArguments = noArguments();
            if (options.connection.mode(noArguments) == ConnectionOptions.Mode.SERVER) {
                return new FileServer(options, waiting, spec.name()).run(device, out, err, progress(out, true), listener -> { });
            }
            if (options.connection.host != null) {
                new FileClient(options, waiting).send(device, options.connection.host, options.files, out, progress(out, true));
                return 0;
            }
            Device clientDevice = options.connection.ibDev == null && devices.devices().size() > 1 ? devices.devices().get(1) : device;
            return demo(device, clientDevice);
        }
    }

    /**
     * Both sides in this JVM: a file of random bytes goes from the second device to the first,
     * is checked again from the disk, and both copies are deleted.
     */
    private int demo(Device serverDevice, Device clientDevice) {
        out.printf("demo: %d MiB of random bytes from %s to %s, in one JVM (two terminals: --server, and a host with files)%n",
                DEMO_SIZE >> 20, clientDevice.name(), serverDevice.name());
        try (DemoFiles files = DemoFiles.create(DEMO_SIZE)) {
            options.dir = files.receiveDirectory();
            options.once = true;
            int status = Demo.<ServerSocket>run(spec.name(), out, err,
                    (serverOut, listening) -> {
                        FileServer server = new FileServer(options, waiting, spec.name());
                        server.serveOnce(serverDevice, serverOut, progress(serverOut, false), listening);
                    },
                    (clientOut, ignored) -> new FileClient(options, waiting).send(clientDevice, "localhost",
                            List.of(files.source()), clientOut, progress(clientOut, true)));
            if (status == 0) {
                checkCopy(files);
            }
            return status;
        }
    }

    private void checkCopy(DemoFiles files) {
        byte[] original = DemoFiles.sha256(files.source());
        byte[] copy = DemoFiles.sha256(files.copy());
        if (!Arrays.equals(original, copy)) {
            throw new VerbsException("demo", "the copy read back from the disk differs from the original", "Report this");
        }
        out.printf("demo: read back from the disk, both copies have SHA-256 %s; both deleted%n", HexFormat.of().formatHex(copy));
    }

    /** A progress bar where stderr is a terminal and {@code bar} allows one, the result lines either way. */
    private TransferListener progress(PrintStream sideOut, boolean bar) {
        return bar ? Progress.forTerminal(sideOut) : Progress.linesOnly(sideOut);
    }
}
