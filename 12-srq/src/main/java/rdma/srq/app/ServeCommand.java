package rdma.srq.app;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import rdma.devices.Device;
import rdma.devices.DeviceList;
import rdma.devices.c.Mtu;
import rdma.pingpong.Pingpong;
import rdma.pingpong.PingpongOptions;
import rdma.events.WaitMode;
import rdma.srq.SrqServer;
import rdma.support.Cli;
import rdma.support.Closeables;
import rdma.support.PrefixedOutput;
import rdma.support.Threads;
import rdma.support.VerbsException;

/**
 * {@code 12-srq serve}: {@link SrqServer} on a TCP port, for ibv_rc_pingpong clients (C, or
 * chapter 04's); with {@code --demo N}, N of chapter 04's clients at once in this JVM, each line
 * labelled with its client.
 */
@Command(name = "serve", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Serve ibv_rc_pingpong clients as they come, every one on one shared receive queue.",
                "  12-srq serve [options]            until interrupted (Ctrl-C)",
                "  12-srq serve --demo <n> [options] and n clients of chapter 04 at once, in this JVM"})
public final class ServeCommand extends Cli.Program {
    @ParentCommand
    SrqMain parent;

    @Option(names = {"-p", "--port"}, paramLabel = "<port>", description = "listen on port <port> (default ${DEFAULT-VALUE})")
    int port = PingpongOptions.PORT;

    @Option(names = {"-d", "--ib-dev"}, paramLabel = "<dev>", description = "use IB device <dev> (default first device found)")
    String ibDev;

    @Option(names = {"-i", "--ib-port"}, paramLabel = "<port>", description = "use port <port> of IB device (default ${DEFAULT-VALUE})")
    int ibPort = 1;

    @Option(names = {"-g", "--gid-idx"}, paramLabel = "<gid index>",
            description = "local port gid index (default: the IPv4-mapped RoCE v2 GID on Ethernet)")
    Integer gidIdx;

    @Option(names = {"-m", "--mtu"}, paramLabel = "<size>", description = "path MTU (default ${DEFAULT-VALUE})")
    int mtu = 1024;

    @Option(names = {"-s", "--size"}, paramLabel = "<size>", description = "the largest message, and each receive buffer's size (default ${DEFAULT-VALUE})")
    int size = 4096;

    @Option(names = {"-r", "--rx-depth"}, paramLabel = "<dep>", description = "receives in the shared pool (default ${DEFAULT-VALUE})")
    int receives = 128;

    @Option(names = "--limit", paramLabel = "<n>", description = "refill when fewer receives than this are left (default ${DEFAULT-VALUE})")
    int limit = 32;

    @Option(names = "--max-clients", paramLabel = "<n>", description = "clients connected at once, at most --limit (default ${DEFAULT-VALUE})")
    int maxClients = 16;

    @Option(names = {"-n", "--iters"}, paramLabel = "<iters>", description = "exchanges per client, as its -n (default ${DEFAULT-VALUE})")
    int iters = 1000;

    @Option(names = "--no-refill", description = "never post receives again: see what the clients do when the pool runs dry")
    boolean noRefill;

    @Option(names = "--clients", paramLabel = "<n>", description = "stop once n clients have finished (default: serve until interrupted)")
    int clients;

    @Option(names = "--demo", paramLabel = "<n>", description = "also run n of chapter 04's clients at once, in this JVM")
    int demoClients;

    ServeCommand(PrintStream out, PrintStream err) {
        super(out, err);
    }

    ServeCommand() {
        this(System.out, System.err);
    }

    @Override
    public PrintStream out() {
        return parent == null ? out : parent.out();
    }

    @Override
    public PrintStream err() {
        return parent == null ? err : parent.err();
    }

    @Override
    public Integer call() {
        SrqServer.Plan plan = new SrqServer.Plan(ibPort, gidIdx, Mtu.ofBytes(mtu).orElse(null), size, receives, limit,
                maxClients, iters, !noRefill);
        refuse(Mtu.ofBytes(mtu).isEmpty() ? "bad MTU value " + mtu + ": use 256, 512, 1024, 2048 or 4096" : plan.invalid());
        refuse(demoClients < 0 || demoClients > maxClients ? "--demo takes 1 to --max-clients (" + maxClients + ") clients" : null);
        try (DeviceList list = DeviceList.open();
                SrqServer server = SrqServer.open(list.select(ibDev), plan, out());
                ServerSocket listener = listen(port, maxClients)) {
            if (demoClients == 0) {
                server.serve(listener, clients);
                return 0;
            }
            Device clientDevice = ibDev == null && list.devices().size() > 1 ? list.devices().get(1) : list.select(ibDev);
            return demo(server, listener, clientDevice);
        } catch (IOException closing) {
            throw new VerbsException("closing the listener", String.valueOf(closing.getMessage()), "Report this", closing);
        }
    }

    /** The server in this thread, {@link #demoClients} of chapter 04's clients in threads of their own. */
    private int demo(SrqServer server, ServerSocket listener, Device clientDevice) {
        AtomicInteger failed = new AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        for (int n = 1; n <= demoClients; n++) {
            String label = "[client " + n + "] ";
            threads.add(new Thread(() -> runClient(clientDevice, label, failed), "client-" + n));
        }
        Thread watcher = new Thread(() -> {
            threads.forEach(Thread::start);
            threads.forEach(Threads::joinUninterruptibly);
            server.stop(); // every client has ended, however: the server has nobody left to wait for
        }, "demo-clients");
        watcher.start();
        try {
            server.serve(listener, demoClients);
        } finally {
            Threads.joinUninterruptibly(watcher);
        }
        return failed.get() == 0 ? 0 : Cli.VERBS_ERROR;
    }

    private void runClient(Device device, String label, AtomicInteger failed) {
        PingpongOptions options = new PingpongOptions();
        options.connection.host = "localhost";
        options.connection.port = port;
        options.connection.ibDev = device.name();
        options.connection.mtu = mtu;
        options.size = size;
        options.iters = iters;
        try {
            // Clients that sleep on their CQ's events (chapter 08): busy ones would starve the server in a small machine.
            new Pingpong(options, WaitMode.events, "04-rc-pingpong").run(false, PrefixedOutput.labelled(out(), label), err());
        } catch (VerbsException failure) {
            failed.incrementAndGet();
            err().println(label + "04-rc-pingpong: " + failure.getMessage());
        }
    }

    /** The TCP listener, with room in its queue for every client that may come at once. */
    private static ServerSocket listen(int port, int backlog) {
        ServerSocket listener = null;
        try {
            listener = new ServerSocket();
            listener.setReuseAddress(true);
            listener.bind(new InetSocketAddress(port), backlog);
            return listener;
        } catch (IOException inUse) {
            Closeables.closeQuietly(listener);
            throw new VerbsException("listening on port " + port, String.valueOf(inUse.getMessage()),
                    "Another server may be using it: pick another with -p/--port, and give the clients the same", inUse);
        }
    }
}
