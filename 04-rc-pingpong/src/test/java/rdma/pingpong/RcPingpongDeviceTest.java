package rdma.pingpong;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import rdma.devices.Cli;
import rdma.devices.Device;
import rdma.devices.DeviceContext;
import rdma.devices.DeviceList;
import rdma.memory.MemoryRegion;
import rdma.memory.ProtectionDomain;
import rdma.queues.CompletionQueue;
import rdma.queues.QueuePair;
import rdma.testsupport.ProgramRun;
import rdma.testsupport.RequiresDevice;

/**
 * The Java pingpong against rdma-core's ibv_rc_pingpong on a real device, in both directions and
 * against itself, with -c checking the data; and the failures a learner will meet.
 */
@RequiresDevice
class RcPingpongDeviceTest {
    private static final AtomicInteger NEXT_PORT = new AtomicInteger(18600);
    private static String serverDevice;
    private static String clientDevice;
    private static String gidIndex;

    @BeforeAll
    static void chooseDevices() {
        try (DeviceList list = DeviceList.open()) {
            List<Device> devices = list.devices();
            serverDevice = devices.get(0).name();
            clientDevice = devices.get(devices.size() > 1 ? 1 : 0).name();
            try (DeviceContext context = DeviceContext.open(devices.get(0))) {
                gidIndex = context.ipv4RoceV2Gid(1).map(gid -> String.valueOf(gid.index())).orElse(null);
            }
        }
    }

    @AfterEach
    void nothingIsLeftBehind() {
        assertThat(QueuePair.openCount()).as("QPs").isZero();
        assertThat(CompletionQueue.openCount()).as("CQs").isZero();
        assertThat(MemoryRegion.openCount()).as("MRs").isZero();
        assertThat(ProtectionDomain.openCount()).as("PDs").isZero();
        assertThat(DeviceContext.openCount()).as("contexts").isZero();
    }

    /** rdma-core's tool, with -g where the port needs a GID. */
    private static List<String> cTool(String device, int port, String... more) {
        List<String> command = new ArrayList<>(List.of("ibv_rc_pingpong", "-d", device, "-p", String.valueOf(port)));
        if (gidIndex != null) {
            command.addAll(List.of("-g", gidIndex));
        }
        command.addAll(List.of(more));
        return command;
    }

    private static Process start(List<String> command, Path output) throws Exception {
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
    }

    private static CompletableFuture<ProgramRun> javaInBackground(String... args) {
        return CompletableFuture.supplyAsync(() -> ProgramRun.of(RcPingpongMain::run, args));
    }

    private static void assertCompleteRun(String output, int iters, int size) {
        assertThat(output)
                .containsPattern("local address:  LID 0x[0-9a-f]{4}, QPN 0x[0-9a-f]{6}, PSN 0x[0-9a-f]{6}, GID \\S+")
                .containsPattern("remote address: LID 0x[0-9a-f]{4}, QPN 0x[0-9a-f]{6}, PSN 0x[0-9a-f]{6}, GID \\S+")
                .containsPattern((long) size * iters * 2 + " bytes in [0-9.]+ seconds = [0-9.]+ Mbit/sec")
                .containsPattern(iters + " iters in [0-9.]+ seconds = [0-9.]+ usec/iter")
                .doesNotContain("invalid data in page");
    }

    @Test
    void theDemoRunsBothSidesInOneJvm() {
        ProgramRun run = ProgramRun.of(RcPingpongMain::run, "-n", "300", "-c", "-p", String.valueOf(NEXT_PORT.getAndIncrement()));

        assertThat(run.stderr()).isEmpty();
        assertThat(run.exitCode()).isZero();
        assertThat(run.stdout()).startsWith("demo: server on " + serverDevice + ", client on " + clientDevice);
        for (String side : List.of("[server] ", "[client] ")) {
            assertThat(run.stdout()).contains(side + "  local address:  ", side + "  remote address: ",
                    side + "2457600 bytes in ", side + "300 iters in ");
        }
        assertThat(run.stdout()).doesNotContain("invalid data");
    }

    @Test
    void javaServerAndCClient() throws Exception {
        int port = NEXT_PORT.getAndIncrement();
        CompletableFuture<ProgramRun> server = javaInBackground("--server", "-d", serverDevice, "-p", String.valueOf(port),
                "-n", "300", "-c");
        Listening.await(port, 30_000);
        Path cOutput = Files.createTempFile("c-client", ".txt");
        Process client = start(cTool(clientDevice, port, "-n", "300", "-c", "localhost"), cOutput);

        assertThat(client.waitFor(60, TimeUnit.SECONDS)).isTrue();
        ProgramRun java = server.get(60, TimeUnit.SECONDS);
        assertThat(client.exitValue()).as(Files.readString(cOutput)).isZero();
        assertCompleteRun(Files.readString(cOutput), 300, 4096);
        assertThat(java.stderr()).isEmpty();
        assertThat(java.exitCode()).isZero();
        assertCompleteRun(java.stdout(), 300, 4096);
    }

    @Test
    void cServerAndJavaClient() throws Exception {
        int port = NEXT_PORT.getAndIncrement();
        Path cOutput = Files.createTempFile("c-server", ".txt");
        Process server = start(cTool(serverDevice, port, "-n", "300", "-s", "64", "-c"), cOutput);
        Listening.await(port, 30_000);

        ProgramRun java = ProgramRun.of(RcPingpongMain::run, "-d", clientDevice, "-p", String.valueOf(port),
                "-n", "300", "-s", "64", "-c", "localhost");

        assertThat(server.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(java.stderr()).isEmpty();
        assertThat(java.exitCode()).isZero();
        assertCompleteRun(java.stdout(), 300, 64);
        assertThat(server.exitValue()).isZero();
        assertCompleteRun(Files.readString(cOutput), 300, 64);
    }

    @Test
    void theSteadyStateLoopAllocatesNothing() throws Exception {
        int port = NEXT_PORT.getAndIncrement();
        int iters = 4000;
        CompletableFuture<ProgramRun> server = javaInBackground("--server", "-d", serverDevice, "-p", String.valueOf(port),
                "-n", String.valueOf(iters), "-s", "64");
        Listening.await(port, 30_000);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);
        RcPingpongMain client = new RcPingpongMain(print, print);

        int exitCode = Cli.run(client, new String[] {"-d", clientDevice, "-p", String.valueOf(port), "-n",
                String.valueOf(iters), "-s", "64", "localhost"}, print, print);

        assertThat(exitCode).as(out.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(server.get(60, TimeUnit.SECONDS).exitCode()).isZero();
        PingpongLoop.Result result = client.lastResult;
        assertThat(result.iterationsMeasured()).isEqualTo(iters / 2);
        assertThat(result.bytesAllocated())
                .as("bytes allocated by the client's loop over its last %d iterations", result.iterationsMeasured())
                .isLessThan(result.iterationsMeasured());
    }

    @Test
    void aServerNobodyListensOnIsOneLine() {
        int port = NEXT_PORT.getAndIncrement();

        ProgramRun run = ProgramRun.of(RcPingpongMain::run, "-d", clientDevice, "-p", String.valueOf(port), "localhost");

        assertThat(run.exitCode()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(run.stderr()).hasLineCount(1)
                .startsWith("04-rc-pingpong: connecting to localhost:" + port + ": nothing is listening there");
    }

    @Test
    void aPeerWithoutAGidIsRefusedAtRtrWithTheReason() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(gidIndex != null, "only RoCE ports need a GID");
        int port = NEXT_PORT.getAndIncrement();
        CompletableFuture<ProgramRun> server = javaInBackground("--server", "-d", serverDevice, "-p", String.valueOf(port));
        Listening.await(port, 30_000);
        Path cOutput = Files.createTempFile("c-client", ".txt");
        // No -g: the C client sends an all-zero GID, as it does by default.
        Process client = start(List.of("ibv_rc_pingpong", "-d", clientDevice, "-p", String.valueOf(port), "localhost"), cOutput);

        ProgramRun java = server.get(60, TimeUnit.SECONDS);
        assertThat(client.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(java.exitCode()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(java.stderr()).hasLineCount(1)
                .contains("ibv_modify_qp(qpn 0x", "RTR) failed: ")
                .contains("The peer sent no GID", "global route header (GRH)", "start the peer with -g");
        assertThat(client.exitValue()).isNotZero();
    }

    @Test
    void aPeerThatDiesMidRunEndsInAnErrorNotAHang() throws Exception {
        int port = NEXT_PORT.getAndIncrement();
        CompletableFuture<ProgramRun> server = javaInBackground("--server", "-d", serverDevice, "-p", String.valueOf(port),
                "-n", "100000000", "-s", "64");
        Listening.await(port, 30_000);
        Path cOutput = Files.createTempFile("c-client", ".txt");
        Process client = start(cTool(clientDevice, port, "-n", "100000000", "-s", "64", "localhost"), cOutput);
        Thread.sleep(3_000);
        client.destroyForcibly().waitFor();

        ProgramRun java = server.get(60, TimeUnit.SECONDS);

        assertThat(java.exitCode()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(java.stdout()).contains("remote address: ");
        assertThat(java.stderr()).hasLineCount(1).startsWith("04-rc-pingpong: ibv_poll_cq(server): ")
                .containsAnyOf("no completion for 10 s", "transport retry counter exceeded");
    }
}
