package rdma.events.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import rdma.support.Cli;
import rdma.testsupport.Child;
import rdma.testsupport.FreePorts;
import rdma.testsupport.LabDevices;
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
    private static LabDevices lab;

    @TempDir
    Path root;

    @BeforeAll
    static void findDevices() {
        lab = LabDevices.find();
    }

    private static ProgramRun java(List<String> args) {
        return ProgramRun.of(CompChannelMain::run, args.toArray(String[]::new));
    }

    /** The pingpong's arguments: device, port, -g where the port needs a GID, then {@code more}. */
    private static List<String> pingpong(String device, int port, String... more) {
        List<String> args = new ArrayList<>(List.of("pingpong"));
        args.addAll(lab.args(device, port, more));
        return args;
    }

    private static Child cTool(List<String> args) throws Exception {
        List<String> command = new ArrayList<>(List.of("ibv_rc_pingpong"));
        command.addAll(args.subList(1, args.size())); // the same options, without the subcommand
        return Child.start(command);
    }

    @Test
    void theDemoComparesTheThreeModes() {
        ProgramRun run = java(List.of());

        run.assertSucceeded();
        assertThat(run.stdout()).contains("mode       usec/iter     CPU s per 1000 iters")
                .containsPattern("(?m)^poll +[0-9.]+ +[0-9.]+$")
                .containsPattern("(?m)^events +[0-9.]+ +[0-9.]+$")
                .containsPattern("(?m)^adaptive +[0-9.]+ +[0-9.]+$");
    }

    @ParameterizedTest
    @ValueSource(strings = {"poll", "events", "adaptive"})
    void thePingpongRunsInEachMode(String mode) {
        ProgramRun run = java(List.of("pingpong", "--demo", "--wait", mode, "-n", "300", "-c", "-p",
                String.valueOf(FreePorts.next())));

        run.assertSucceeded();
        assertThat(run.stdout()).contains("[client] 2457600 bytes in ", "[server] 300 iters in ").doesNotContain("invalid data");
    }

    /** ibv_rc_pingpong, with and without -e, against this program, with and without -e, both ways round. */
    @ParameterizedTest
    @CsvSource({"c, -e, -e", "c, -e, ''", "c, '', -e", "java, -e, -e", "java, -e, ''", "java, '', -e"})
    void itInteroperatesWithTheCTool(String server, String serverEvents, String clientEvents) throws Exception {
        int port = FreePorts.next();
        List<String> serverArgs = pingpong(lab.server(), port, "-n", "200", "-c");
        List<String> clientArgs = pingpong(lab.client(), port, "-n", "200", "-c", "localhost");
        if (!serverEvents.isEmpty()) {
            serverArgs.add(1, serverEvents);
        }
        if (!clientEvents.isEmpty()) {
            clientArgs.add(1, clientEvents);
        }
        ProgramRun java;
        String cOutput;
        if (server.equals("c")) {
            try (Child c = cTool(serverArgs)) {
                Listening.await(port, 30_000);
                java = java(clientArgs);
                assertThat(c.waitFor(60)).as(c.output()).isZero();
                cOutput = c.output();
            }
        } else {
            CompletableFuture<ProgramRun> javaServer = CompletableFuture.supplyAsync(() -> java(serverArgs));
            Listening.await(port, 30_000);
            try (Child c = cTool(clientArgs)) {
                java = javaServer.get(60, TimeUnit.SECONDS);
                assertThat(c.waitFor(60)).as(c.output()).isZero();
                cOutput = c.output();
            }
        }

        assertThat(cOutput).contains("1638400 bytes in ").doesNotContain("invalid data");
        java.assertSucceeded();
        assertThat(java.stdout()).contains("1638400 bytes in ", "200 iters in ");
    }

    /** Asleep on events when the peer dies: woken by the watchdog's alarm (or a send that ran out of retries), an error, not a hang. */
    @Test
    void aPeerThatDiesWhileThisSideSleepsEndsInAnError() throws Exception {
        int port = FreePorts.next();
        CompletableFuture<ProgramRun> server = CompletableFuture.supplyAsync(() ->
                java(pingpong(lab.server(), port, "-e", "-n", "100000000", "-s", "64")));
        Listening.await(port, 30_000);
        try (Child client = cTool(pingpong(lab.client(), port, "-n", "100000000", "-s", "64", "localhost"))) {
            Thread.sleep(3_000);
            client.kill();
        }

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
        int port = FreePorts.next();
        CompletableFuture<ProgramRun> receiver = CompletableFuture.supplyAsync(() -> java(List.of("transfer", "--server", "--once",
                "--dir", in.toString(), "-d", lab.server(), "-p", String.valueOf(port))));
        Listening.await(port, 30_000);

        ProgramRun sender = java(List.of("transfer", "-d", lab.client(), "-p", String.valueOf(port), "--chunk", "256K",
                "localhost", file.toString()));

        sender.assertSucceeded();
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
        int port = FreePorts.next();
        CompletableFuture<ProgramRun> receiver = CompletableFuture.supplyAsync(() -> java(List.of("transfer", "--server", "--once",
                "--dir", in.toString(), "-d", lab.server(), "-p", String.valueOf(port))));
        Listening.await(port, 30_000);
        try (Child sender = Child.java(CompChannelMain.class, List.of(), List.of("transfer", "-d", lab.client(), "-p",
                String.valueOf(port), "localhost", file.toString()))) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (entries(in) == 0) {
                assertThat(System.nanoTime()).as("the transfer started").isLessThan(deadline);
                Thread.sleep(50);
            }
            Thread.sleep(1_000);
            sender.kill();
        }

        ProgramRun run = receiver.get(60, TimeUnit.SECONDS);

        assertThat(run.exitCode()).isEqualTo(1);
        // The sender's kernel closes its TCP connection and destroys its QP in either order: when the
        // QP goes first, this side's requests fail, its QP is in ERR, and the line says so too.
        assertThat(run.stderr()).matches("08-comp-channel transfer: receiver: waiting for the sender's chunks: the peer closed"
                + " its connection: it failed or was stopped( \\(and this side's QP is in ERR: its device ended the connection"
                + " too\\))?\\. Look at the other side's output\n");
        assertThat(entries(in)).as("the temporary file is gone").isZero();
    }

    private static long entries(Path directory) throws Exception {
        try (Stream<Path> files = Files.list(directory)) {
            return files.count();
        }
    }
}
