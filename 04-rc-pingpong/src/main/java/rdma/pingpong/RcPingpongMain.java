package rdma.pingpong;

import java.io.PrintStream;
import java.net.ServerSocket;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import rdma.devices.Cli;
import rdma.devices.Device;
import rdma.devices.DeviceList;
import rdma.devices.Gid;
import rdma.devices.VerbsException;
import rdma.queues.RemoteAddress;

/**
 * Chapter 04: rdma-core's ibv_rc_pingpong in Java, with its options, its address exchange, its
 * data loop and its output, so that it talks to the C tool in both directions. With neither
 * {@code --server} nor a host it runs both sides in one JVM.
 */
@Command(name = "04-rc-pingpong", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"ibv_rc_pingpong in Java.",
                "  (no arguments)    run a server and a client in this JVM, on two devices (or one twice)",
                "  --server          start a server and wait for a connection",
                "  <host>            connect to the server at <host>"})
public final class RcPingpongMain implements Callable<Integer> {
    @Parameters(arity = "0..1", paramLabel = "<host>", description = "connect to the server at <host>")
    String host;

    @Option(names = "--server", description = "start a server and wait for a connection")
    boolean server;

    @Option(names = {"-p", "--port"}, paramLabel = "<port>", description = "listen on/connect to port <port> (default ${DEFAULT-VALUE})")
    int port = 18515;

    @Option(names = {"-d", "--ib-dev"}, paramLabel = "<dev>", description = "use IB device <dev> (default first device found)")
    String ibDev;

    @Option(names = {"-i", "--ib-port"}, paramLabel = "<port>", description = "use port <port> of IB device (default ${DEFAULT-VALUE})")
    int ibPort = 1;

    @Option(names = {"-s", "--size"}, paramLabel = "<size>", description = "size of message to exchange (default ${DEFAULT-VALUE})")
    int size = 4096;

    @Option(names = {"-m", "--mtu"}, paramLabel = "<size>", description = "path MTU (default ${DEFAULT-VALUE})")
    int mtu = 1024;

    @Option(names = {"-r", "--rx-depth"}, paramLabel = "<dep>", description = "number of receives to post at a time (default ${DEFAULT-VALUE})")
    int rxDepth = 500;

    @Option(names = {"-n", "--iters"}, paramLabel = "<iters>", description = "number of exchanges (default ${DEFAULT-VALUE})")
    int iters = 1000;

    @Option(names = {"-l", "--sl"}, paramLabel = "<sl>", description = "service level value (default ${DEFAULT-VALUE})")
    int sl = 0;

    @Option(names = {"-g", "--gid-idx"}, paramLabel = "<gid index>",
            description = "local port gid index (default: the IPv4-mapped RoCE v2 GID on Ethernet, none on InfiniBand)")
    Integer gidIdx;

    @Option(names = {"-c", "--chk"}, description = "validate received buffer")
    boolean check;

    @Spec
    CommandSpec spec;

    /** The loop's measurement of the last run of this object, for the allocation test. */
    PingpongLoop.Result lastResult;

    private final PrintStream out;
    private final PrintStream err;

    RcPingpongMain(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        Cli.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        return Cli.run(new RcPingpongMain(out, err), args, out, err);
    }

    @Override
    public Integer call() {
        validate();
        if (server || host != null) {
            return runSide(host);
        }
        return runDemo();
    }

    private void validate() {
        if (server && host != null) {
            throw usage("give either --server or a host to connect to, not both");
        }
        if (MtuOption.toEnum(mtu) == 0) {
            throw usage("bad MTU value " + mtu + ": use 256, 512, 1024, 2048 or 4096");
        }
        if (port < 1 || port > 65535) {
            throw usage("-p/--port must be between 1 and 65535");
        }
        if (ibPort < 1) {
            throw usage("-i/--ib-port must be 1 or more");
        }
        if (size < 1 || rxDepth < 2 || iters < 1 || sl < 0 || sl > 15) {
            throw usage("-s/--size and -n/--iters must be 1 or more, -r/--rx-depth 2 or more, -l/--sl 0 to 15");
        }
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    /** One side, as ibv_rc_pingpong runs it: the server when {@code serverHost} is null. */
    private int runSide(String serverHost) {
        try (DeviceList list = DeviceList.open()) {
            Device device = ibDev == null ? list.first() : list.find(ibDev);
            ServerSocket listener = serverHost == null ? AddressExchange.listen(port) : null;
            try {
                pingpong(device, serverHost, listener, out);
            } finally {
                if (listener != null) {
                    AddressExchange.closeQuietly(listener); // the exchange closes it; this is for a failure before it
                }
            }
        }
        return 0;
    }

    /**
     * pp_init_ctx, post receives, exchange addresses (the server connects its QP before it
     * replies; the client after), run the loop, report. {@code listener} is the server's socket.
     */
    private void pingpong(Device device, String serverHost, ServerSocket listener, PrintStream output) {
        boolean isClient = serverHost != null;
        try (PingpongContext context = new PingpongContext(device, ibPort, gidIdx, size, rxDepth)) {
            PingpongLoop loop = new PingpongLoop(context, size, rxDepth, iters, isClient ? "client" : "server");
            loop.postInitialReceives();
            if (context.gidNote() != null) {
                output.println("  " + context.gidNote());
            }
            RemoteAddress mine = context.address();
            output.println("  local address:  " + describe(mine));
            int mtuEnum = MtuOption.toEnum(mtu);
            RemoteAddress remote = isClient
                    ? AddressExchange.client(serverHost, port, mine)
                    : AddressExchange.server(listener, mine, client -> context.connect(client, mtuEnum, sl));
            output.println("  remote address: " + describe(remote));
            if (isClient) {
                context.connect(remote, mtuEnum, sl);
                if (check) {
                    AlignedPages.markPageStarts(context.buffer().buffer(), size);
                }
            }
            PingpongLoop.Result result = loop.run(isClient);
            report(result, output);
            if (!isClient && check) {
                int bad = AlignedPages.reportInvalidPages(context.buffer().buffer(), size, output);
                if (bad > 0) {
                    throw new VerbsException("-c/--chk", bad + " page(s) of the last message differ from what the client"
                            + " sent", "Was the client started with -c too?");
                }
            }
            lastResult = result;
        }
    }

    static String describe(RemoteAddress address) {
        return String.format("LID 0x%04x, QPN 0x%06x, PSN 0x%06x, GID %s", address.lid(), address.qpn(),
                address.psn(), Gid.text(address.gid()));
    }

    /** rc_pingpong.c's two result lines, from the same arithmetic. */
    private void report(PingpongLoop.Result result, PrintStream output) {
        double usec = result.elapsedNanos() / 1000.0;
        long bytes = (long) size * iters * 2;
        output.printf("%d bytes in %.2f seconds = %.2f Mbit/sec%n", bytes, usec / 1_000_000.0, bytes * 8.0 / usec);
        output.printf("%d iters in %.2f seconds = %.2f usec/iter%n", iters, usec / 1_000_000.0, usec / iters);
    }

    /**
     * Both sides in this JVM: the server on the first device (or -d), the client on the second
     * (or the same one), talking over TCP on localhost and over RDMA between the devices.
     */
    private int runDemo() {
        try (DeviceList list = DeviceList.open()) {
            Device serverDevice = ibDev == null ? list.first() : list.find(ibDev);
            Device clientDevice = ibDev == null && list.devices().size() > 1 ? list.devices().get(1) : serverDevice;
            out.printf("demo: server on %s, client on %s, in one JVM (two terminals: --server, and a host)%n",
                    serverDevice.name(), clientDevice.name());
            PrintStream serverOut = PrefixedOutput.labelled(out, "[server] ");
            PrintStream clientOut = PrefixedOutput.labelled(out, "[client] ");
            ServerSocket listener = AddressExchange.listen(port);
            AtomicInteger failures = new AtomicInteger();
            Thread serverThread = new Thread(() -> runDemoSide("[server] ", serverDevice, null, listener, serverOut, failures), "server");
            serverThread.start();
            runDemoSide("[client] ", clientDevice, "localhost", null, clientOut, failures);
            AddressExchange.closeQuietly(listener); // a client that failed early leaves the server waiting in accept()
            join(serverThread);
            return failures.get() == 0 ? 0 : Cli.VERBS_ERROR;
        }
    }

    /** One side of the demo; its error, if any, is one labelled line on stderr. */
    private void runDemoSide(String label, Device device, String serverHost, ServerSocket listener, PrintStream output,
            AtomicInteger failures) {
        try {
            pingpong(device, serverHost, listener, output);
        } catch (VerbsException failure) {
            failures.incrementAndGet();
            err.println(label + spec.name() + ": " + failure.getMessage());
        } finally {
            if (listener != null) {
                AddressExchange.closeQuietly(listener); // a server that failed early must not leave the client waiting
            }
        }
    }


    private static void join(Thread thread) {
        try {
            thread.join();
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
