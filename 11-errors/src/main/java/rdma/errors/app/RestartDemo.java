package rdma.errors.app;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import rdma.devices.Device;
import rdma.devices.DeviceContext;
import rdma.devices.DeviceList;
import rdma.devices.GidEntry;
import rdma.errors.SurvivingPingpong;
import rdma.pingpong.PingpongOptions;
import rdma.support.Threads;
import rdma.support.VerbsException;

/**
 * The surviving client against rdma-core's own server: {@code ibv_rc_pingpong} on the first
 * device, the Java client on the second. Once the first session runs, the server is frozen
 * (SIGSTOP) and killed (SIGKILL), and a new one started on the same port; the client notices, recovers
 * its QP and runs its second session with the new server. Each server's output follows, labelled.
 */
final class RestartDemo {
    /** Iterations per session: enough that the first is still running when its server is stopped. */
    static final int ITERS = 5_000;
    /** How long the first session runs before its server is stopped. */
    private static final long RUN_BEFORE_STOP_MILLIS = 300;

    private final PingpongOptions options;
    private final SurvivingPingpong client;
    private final PrintStream out;
    /** Added to by the thread that restarts the server, read by the one that runs the client. */
    private final List<Process> servers = Collections.synchronizedList(new ArrayList<>());
    private final List<Path> outputs = Collections.synchronizedList(new ArrayList<>());
    /** The thread that stops the first server and starts the second, once the first session runs. */
    private Thread restarter;

    RestartDemo(PingpongOptions options, SurvivingPingpong client, PrintStream out) {
        this.options = options;
        this.client = client;
        this.out = out;
        options.iters = ITERS;
    }

    int run() {
        try (DeviceList list = DeviceList.open()) {
            Device serverDevice = list.select(options.connection.ibDev);
            Device clientDevice = options.connection.ibDev == null && list.devices().size() > 1 ? list.devices().get(1) : serverDevice;
            List<String> server = serverCommand(serverDevice);
            out.printf("demo: %s on %s, killed mid-run and started again; the Java client on %s%n", String.join(" ", server),
                    serverDevice.name(), clientDevice.name());
            start(server);
            client.run(clientDevice, "localhost", out, session -> {
                if (session == 1) {
                    restarter = new Thread(() -> restart(server), "restarter");
                    restarter.start();
                }
            });
            awaitServers();
            return 0;
        } finally {
            // A client that failed may have left the restart under way: it ends before the servers are stopped.
            if (restarter != null) {
                Threads.joinUninterruptibly(restarter);
            }
            servers.forEach(Process::destroyForcibly);
            printServers();
        }
    }

    /** C's server, with the same options as the client: the GID index C needs given explicitly. */
    private List<String> serverCommand(Device device) {
        List<String> command = new ArrayList<>(List.of("stdbuf", "-oL", "ibv_rc_pingpong", "-d", device.name(),
                "-p", String.valueOf(options.connection.port), "-n", String.valueOf(options.iters), "-s", String.valueOf(options.size),
                "-r", String.valueOf(options.rxDepth)));
        Integer gid = options.connection.gidIdx;
        if (gid == null) {
            try (DeviceContext context = DeviceContext.open(device)) {
                gid = context.port(options.connection.ibPort).ipv4RoceV2Gid().map(GidEntry::index).orElse(null);
            }
        }
        if (gid != null) {
            command.addAll(List.of("-g", String.valueOf(gid)));
        }
        return command;
    }

    /**
     * Freezes the first server, then kills it: frozen first, so that the client's last message is
     * acknowledged by the server's device and the client is left waiting for an answer that never
     * comes, as it is when a server hangs and then dies. Then starts the second one.
     */
    private void restart(List<String> command) {
        sleepMillis(RUN_BEFORE_STOP_MILLIS);
        Process first = servers.get(0);
        signal("STOP", first);
        sleepMillis(RUN_BEFORE_STOP_MILLIS);
        first.destroyForcibly();
        waitFor(first);
        out.println("demo: server 1 frozen (SIGSTOP), then killed (SIGKILL); server 2 started");
        start(command);
    }

    private void start(List<String> command) {
        try {
            Path output = Files.createTempFile("ibv_rc_pingpong", ".txt");
            output.toFile().deleteOnExit();
            outputs.add(output);
            servers.add(new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start());
        } catch (IOException cannot) {
            throw new VerbsException("the demo: starting " + String.join(" ", command), String.valueOf(cannot.getMessage()),
                    "Install rdma-core's tools (apt-get install ibverbs-utils), or run the server yourself", cannot);
        }
    }

    private static void signal(String name, Process process) {
        try {
            new ProcessBuilder("kill", "-" + name, String.valueOf(process.pid())).start().waitFor();
        } catch (IOException | InterruptedException cannot) {
            throw new IllegalStateException("kill -" + name + " " + process.pid(), cannot);
        }
    }

    /** After the restarter: every server it started is in the list. */
    private void awaitServers() {
        Threads.joinUninterruptibly(restarter);
        for (Process server : servers) {
            waitFor(server);
        }
    }

    private static void waitFor(Process process) {
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void printServers() {
        for (int i = 0; i < outputs.size(); i++) {
            try {
                for (String line : Files.readAllLines(outputs.get(i), StandardCharsets.UTF_8)) {
                    out.printf("[server %d] %s%n", i + 1, line);
                }
                Files.deleteIfExists(outputs.get(i));
            } catch (IOException unreadable) {
                out.printf("[server %d] (its output could not be read: %s)%n", i + 1, unreadable.getMessage());
            }
        }
    }

    private static void sleepMillis(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
