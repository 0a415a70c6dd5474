package rdma.events.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import rdma.devices.Cli;
import rdma.devices.Device;
import rdma.devices.DeviceContext;
import rdma.devices.DeviceList;
import rdma.events.CompletionChannel;
import rdma.memory.MemoryRegion;
import rdma.queues.CompletionQueue;
import rdma.queues.QueuePair;
import rdma.testsupport.Listening;
import rdma.testsupport.ProgramRun;
import rdma.testsupport.RequiresDevice;

/**
 * The program on a real device: the demo of the three modes, the pingpong in each mode and
 * against ibv_rc_pingpong with and without -e either way, a peer that dies while this side sleeps
 * on events, and the file transfer on events, whole and interrupted. After each, nothing is left:
 * which, with events, also proves every event was acknowledged (a CQ with one unacknowledged is
 * never destroyed).
 */
@RequiresDevice
class CompChannelDeviceTest {
    private static final AtomicInteger NEXT_PORT = new AtomicInteger(19200);
    private static String serverDevice;
    private static String clientDevice;
    private static String gidIndex;

    @TempDir
    Path root;

    @BeforeAll
    static void chooseDevices() {
        try (DeviceList list = DeviceList.open()) {
            List<Device> devices = list.devices();
            serverDevice = devices.get(0).name();
            clientDevice = devices.get(devices.size() > 1 ? 1 : 0).name();
            try (DeviceContext context = DeviceContext.open(devices.get(0))) {
                gidIndex = context.port(1).ipv4RoceV2Gid().map(gid -> String.valueOf(gid.index())).orElse(null);
            }
        }
    }

    @AfterEach
    void nothingIsLeftBehind() {
        assertThat(QueuePair.openCount()).as("QPs").isZero();
        assertThat(CompletionQueue.openCount()).as("CQs").isZero();
        assertThat(CompletionChannel.openCount()).as("completion channels").isZero();
        assertThat(MemoryRegion.openCount()).as("MRs").isZero();
        assertThat(DeviceContext.openCount()).as("contexts").isZero();
    }

    private static ProgramRun java(List<String> args) {
        return ProgramRun.of(CompChannelMain::run, args.toArray(String[]::new));
    }

    /** The pingpong's arguments: device, port, -g where the port needs a GID, then {@code more}. */
    private static List<String> pingpong(String device, int port, String... more) {
        List<String> args = new ArrayList<>(List.of("pingpong", "-d", device, "-p", String.valueOf(port)));
        if (gidIndex != null) {
            args.addAll(List.of("-g", gidIndex));
        }
        args.addAll(List.of(more));
        return args;
    }

    private static Process cTool(Path output, List<String> args) throws Exception {
        List<String> command = new ArrayList<>(List.of("ibv_rc_pingpong"));
        command.addAll(args.subList(1, args.size())); // the same options, without the subcommand
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
    }

    @Test
    void theDemoComparesTheThreeModes() {
        ProgramRun run = java(List.of());

        assertThat(run.stderr()).as(run.stdout()).isEmpty();
        assertThat(run.exitCode()).isZero();
        assertThat(run.stdout()).contains("mode       usec/iter     CPU s per 1000 iters")
                .containsPattern("(?m)^poll +[0-9.]+ +[0-9.]+$")
                .containsPattern("(?m)^events +[0-9.]+ +[0-9.]+$")
                .containsPattern("(?m)^adaptive +[0-9.]+ +[0-9.]+$");
    }

    @ParameterizedTest
    @ValueSource(strings = {"poll", "events", "adaptive"})
    void thePingpongRunsInEachMode(String mode) {
        ProgramRun run = java(List.of("pingpong", "--demo", "--wait", mode, "-n", "300", "-c", "-p",
                String.valueOf(NEXT_PORT.getAndIncrement())));

        assertThat(run.stderr()).as(run.stdout()).isEmpty();
        assertThat(run.exitCode()).isZero();
        assertThat(run.stdout()).contains("[client] 2457600 bytes in ", "[server] 300 iters in ").doesNotContain("invalid data");
    }

    /** ibv_rc_pingpong, with and without -e, against this program, with and without -e, both ways round. */
    @ParameterizedTest
    @CsvSource({"c, -e, -e", "c, -e, ''", "c, '', -e", "java, -e, -e", "java, -e, ''", "java, '', -e"})
    void itInteroperatesWithTheCTool(String server, String serverEvents, String clientEvents) throws Exception {
        int port = NEXT_PORT.getAndIncrement();
        Path cOutput = Files.createTempFile("c", ".txt");
        List<String> serverArgs = pingpong(serverDevice, port, "-n", "200", "-c");
        List<String> clientArgs = pingpong(clientDevice, port, "-n", "200", "-c", "localhost");
        if (!serverEvents.isEmpty()) {
            serverArgs.add(1, serverEvents);
        }
        if (!clientEvents.isEmpty()) {
            clientArgs.add(1, clientEvents);
        }
        ProgramRun java;
        Process c;
        if (server.equals("c")) {
            c = cTool(cOutput, serverArgs);
            Listening.await(port, 30_000);
            java = java(clientArgs);
        } else {
            CompletableFuture<ProgramRun> javaServer = CompletableFuture.supplyAsync(() -> java(serverArgs));
            Listening.await(port, 30_000);
            c = cTool(cOutput, clientArgs);
            java = javaServer.get(60, TimeUnit.SECONDS);
        }

        assertThat(c.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(c.exitValue()).as(Files.readString(cOutput)).isZero();
        assertThat(Files.readString(cOutput)).contains("1638400 bytes in ").doesNotContain("invalid data");
        assertThat(java.stderr()).as(java.stdout()).isEmpty();
        assertThat(java.exitCode()).isZero();
        assertThat(java.stdout()).contains("1638400 bytes in ", "200 iters in ");
    }

    /** Asleep on events when the peer dies: woken by the timeout of poll(2), an error, not a hang. */
    @Test
    void aPeerThatDiesWhileThisSideSleepsEndsInAnError() throws Exception {
        int port = NEXT_PORT.getAndIncrement();
        CompletableFuture<ProgramRun> server = CompletableFuture.supplyAsync(() ->
                java(pingpong(serverDevice, port, "-e", "-n", "100000000", "-s", "64")));
        Listening.await(port, 30_000);
        Path cOutput = Files.createTempFile("c", ".txt");
        Process client = cTool(cOutput, pingpong(clientDevice, port, "-n", "100000000", "-s", "64", "localhost"));
        Thread.sleep(3_000);
        client.destroyForcibly().waitFor();

        ProgramRun java = server.get(60, TimeUnit.SECONDS);

        assertThat(java.exitCode()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(java.stderr()).hasLineCount(1).startsWith("08-comp-channel: ibv_poll_cq(server): ")
                .containsAnyOf("no completion for 10 s", "transport retry counter exceeded");
    }

    @Test
    void theTransferWaitsOnEventsOnBothSides() throws Exception {
        Path in = Files.createDirectory(root.resolve("in"));
        byte[] bytes = new byte[5_000_000];
        new Random(8).nextBytes(bytes);
        Path file = Files.write(root.resolve("data.bin"), bytes);
        int port = NEXT_PORT.getAndIncrement();
        CompletableFuture<ProgramRun> receiver = CompletableFuture.supplyAsync(() -> java(List.of("transfer", "--server", "--once",
                "--dir", in.toString(), "-d", serverDevice, "-p", String.valueOf(port))));
        Listening.await(port, 30_000);

        ProgramRun sender = java(List.of("transfer", "-d", clientDevice, "-p", String.valueOf(port), "--chunk", "256K",
                "localhost", file.toString()));

        assertThat(sender.stderr()).as(sender.stdout()).isEmpty();
        assertThat(sender.exitCode()).isZero();
        assertThat(receiver.get(60, TimeUnit.SECONDS).exitCode()).isZero();
        assertThat(in.resolve("data.bin")).hasBinaryContent(bytes);
        assertThat(sender.stdout()).containsPattern("data\\.bin: 5000000 bytes in [0-9.]+ s");
    }

    /**
     * A receiver on events whose sender vanishes mid-file: the error is one line, and its CQ is
     * destroyed (nothing is left), so the events it took were all acknowledged.
     */
    @Test
    void anInterruptedTransferOnEventsLeavesNothing() throws Exception {
        Path in = Files.createDirectory(root.resolve("in"));
        Path file = root.resolve("endless.bin");
        try (var raf = new java.io.RandomAccessFile(file.toFile(), "rw")) {
            raf.setLength(512L << 20);
        }
        int port = NEXT_PORT.getAndIncrement();
        CompletableFuture<ProgramRun> receiver = CompletableFuture.supplyAsync(() -> java(List.of("transfer", "--server", "--once",
                "--dir", in.toString(), "-d", serverDevice, "-p", String.valueOf(port))));
        Listening.await(port, 30_000);
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), CompChannelMain.class.getName(), "transfer", "-d", clientDevice, "-p",
                String.valueOf(port), "localhost", file.toString()));
        Process sender = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (Files.list(in).findAny().isEmpty()) {
            assertThat(System.nanoTime()).as("the transfer started").isLessThan(deadline);
            Thread.sleep(50);
        }
        Thread.sleep(1_000);
        sender.destroyForcibly().waitFor();

        ProgramRun run = receiver.get(60, TimeUnit.SECONDS);

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stderr()).isEqualTo("08-comp-channel transfer: receiver: waiting for the sender's chunks: the peer closed"
                + " its connection: it failed or was stopped. Look at the other side's output\n");
        assertThat(Files.list(in).findAny()).as("the temporary file is gone").isEmpty();
    }
}
