package rdma.pingpong.rc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import rdma.devices.Cli;
import rdma.devices.Device;
import rdma.devices.DeviceContext;
import rdma.devices.DeviceList;
import rdma.memory.MemoryLimits;
import rdma.memory.MemoryRegion;
import rdma.memory.ProtectionDomain;
import rdma.testsupport.Listening;
import rdma.queues.CompletionQueue;
import rdma.queues.QueuePair;
import rdma.testsupport.ProgramRun;
import rdma.testsupport.RequiresDevice;

/**
 * The Java pingpong against rdma-core's ibv_rc_pingpong on a real device, in both directions and
 * against itself, started exactly as the C tool is, with -c checking the data; and the failures a
 * learner will meet, each one line and none of them a hang.
 */
@RequiresDevice
class RcPingpongDeviceTest {
    private static final AtomicInteger NEXT_PORT = new AtomicInteger(18600);
    private static String serverDevice;
    private static String clientDevice;
    private static String gidIndex;
    private static int activeMtu;

    @BeforeAll
    static void chooseDevices() {
        try (DeviceList list = DeviceList.open()) {
            List<Device> devices = list.devices();
            serverDevice = devices.get(0).name();
            clientDevice = devices.get(devices.size() > 1 ? 1 : 0).name();
            try (DeviceContext context = DeviceContext.open(devices.get(0))) {
                gidIndex = context.port(1).ipv4RoceV2Gid().map(gid -> String.valueOf(gid.index())).orElse(null);
                activeMtu = context.port(1).activeMtu().orElseThrow().bytes();
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

    /** A command line for the C tool, or the same for Java: device, port, and -g where the port needs a GID. */
    private static List<String> args(String device, int port, String... more) {
        List<String> args = new ArrayList<>(List.of("-d", device, "-p", String.valueOf(port)));
        if (gidIndex != null) {
            args.addAll(List.of("-g", gidIndex));
        }
        args.addAll(List.of(more));
        return args;
    }

    private static List<String> cTool(List<String> args) {
        List<String> command = new ArrayList<>(List.of("ibv_rc_pingpong"));
        command.addAll(args);
        return command;
    }

    private static Process start(List<String> command, Path output) throws Exception {
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
    }

    private static ProgramRun java(List<String> args) {
        return ProgramRun.of(RcPingpongMain::run, args.toArray(String[]::new));
    }

    private static CompletableFuture<ProgramRun> javaInBackground(List<String> args) {
        return CompletableFuture.supplyAsync(() -> java(args));
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
        ProgramRun run = java(List.of("--demo", "-n", "300", "-c", "-p", String.valueOf(NEXT_PORT.getAndIncrement())));

        assertThat(run.stderr()).isEmpty();
        assertThat(run.exitCode()).isZero();
        assertThat(run.stdout()).startsWith("demo: server on " + serverDevice + ", client on " + clientDevice);
        for (String side : List.of("[server] ", "[client] ")) {
            assertThat(run.stdout()).contains(side + "  local address:  ", side + "  remote address: ",
                    side + "2457600 bytes in ", side + "300 iters in ");
        }
        assertThat(run.stdout()).doesNotContain("invalid data");
    }

    /** The Java server is started with exactly the C server's command line: no host, no extra option. */
    @Test
    void javaServerStartedAsTheCServerIsAndTheCClient() throws Exception {
        int port = NEXT_PORT.getAndIncrement();
        CompletableFuture<ProgramRun> server = javaInBackground(args(serverDevice, port, "-n", "300", "-c"));
        Listening.await(port, 30_000);
        Path cOutput = Files.createTempFile("c-client", ".txt");
        Process client = start(cTool(args(clientDevice, port, "-n", "300", "-c", "localhost")), cOutput);

        assertThat(client.waitFor(60, TimeUnit.SECONDS)).isTrue();
        ProgramRun java = server.get(60, TimeUnit.SECONDS);
        assertThat(client.exitValue()).as(Files.readString(cOutput)).isZero();
        assertCompleteRun(Files.readString(cOutput), 300, 4096);
        assertThat(java.stderr()).isEmpty();
        assertThat(java.exitCode()).isZero();
        assertCompleteRun(java.stdout(), 300, 4096);
    }

    @Test
    void cServerAndJavaClientWithOneReceiveAtATime() throws Exception {
        int port = NEXT_PORT.getAndIncrement();
        Path cOutput = Files.createTempFile("c-server", ".txt");
        Process server = start(cTool(args(serverDevice, port, "-n", "300", "-s", "64", "-c")), cOutput);
        Listening.await(port, 30_000);

        ProgramRun java = java(args(clientDevice, port, "-n", "300", "-s", "64", "-r", "1", "-c", "localhost"));

        assertThat(server.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(java.stderr()).isEmpty();
        assertThat(java.exitCode()).isZero();
        assertCompleteRun(java.stdout(), 300, 64);
        assertThat(server.exitValue()).isZero();
        assertCompleteRun(Files.readString(cOutput), 300, 64);
    }

    @Test
    void aServerNobodyListensOnIsOneLine() {
        int port = NEXT_PORT.getAndIncrement();

        ProgramRun run = java(List.of("-d", clientDevice, "-p", String.valueOf(port), "localhost"));

        assertThat(run.exitCode()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(run.stderr()).hasLineCount(1)
                .startsWith("04-rc-pingpong: connecting to localhost:" + port + ": nothing is listening there");
    }

    /** Everything local is checked before the server listens: a bad GID index never waits for a client. */
    @Test
    void aServerWithAnEmptyGidIndexFailsBeforeItListens() throws Exception {
        int port = NEXT_PORT.getAndIncrement();

        ProgramRun run = java(List.of("-d", serverDevice, "-g", "99", "-p", String.valueOf(port)));

        assertThat(run.exitCode()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(run.stdout()).isEmpty();
        assertThat(run.stderr()).hasLineCount(1)
                .startsWith("04-rc-pingpong: -g/--gid-idx 99: GID index 99 of " + serverDevice + " port 1 is empty.")
                .contains("Pass one of the used entries: ");
        assertThat(Listening.listening(port)).isFalse();
    }

    @Test
    void aPathMtuAboveThePortsIsRefusedUpFrontWithTheValueToPass() {
        int larger = activeMtu * 2;
        Assumptions.assumeTrue(larger <= 4096, "the port already runs the largest MTU");

        ProgramRun run = java(List.of("-d", serverDevice, "-m", String.valueOf(larger), "-p", String.valueOf(NEXT_PORT.getAndIncrement())));

        assertThat(run.exitCode()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(run.stderr()).hasLineCount(1).isEqualTo("04-rc-pingpong: -m/--mtu " + larger + ": the path MTU " + larger
                + " is larger than the active MTU of " + serverDevice + " port 1 (" + activeMtu + "). Pass -m " + activeMtu
                + " or less on both sides (ibv_devinfo shows active_mtu)\n");
    }

    /**
     * What a new user tried: a demo with messages so large that both sides' buffers do not fit
     * in memory together (the JVM used to be killed by the OOM killer). The server's buffer fits;
     * the client's is refused in one line, naming the limit, and the run ends.
     */
    @Test
    void buffersThatDoNotFitInMemoryTogetherAreOneLineNotTheOomKiller() {
        long available = MemoryLimits.availableBytes().orElseThrow();
        long size = Math.min(Integer.MAX_VALUE, available * 3 / 5);
        Assumptions.assumeTrue(2 * size > available, "this machine holds two buffers of the largest message size");

        ProgramRun run = java(List.of("--demo", "-s", String.valueOf(size), "-n", "1", "-p", String.valueOf(NEXT_PORT.getAndIncrement())));

        assertThat(run.exitCode()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(run.stderr()).hasLineCount(1)
                .startsWith("[client] 04-rc-pingpong: registering " + size + " bytes: only ")
                .contains("(MemAvailable in /proc/meminfo)");
    }

    @Test
    void aPeerWithoutAGidIsRefusedAtRtrWithTheReason() throws Exception {
        Assumptions.assumeTrue(gidIndex != null, "only RoCE ports need a GID");
        int port = NEXT_PORT.getAndIncrement();
        CompletableFuture<ProgramRun> server = javaInBackground(List.of("-d", serverDevice, "-p", String.valueOf(port)));
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
        CompletableFuture<ProgramRun> server = javaInBackground(args(serverDevice, port, "-n", "100000000", "-s", "64"));
        Listening.await(port, 30_000);
        Path cOutput = Files.createTempFile("c-client", ".txt");
        Process client = start(cTool(args(clientDevice, port, "-n", "100000000", "-s", "64", "localhost")), cOutput);
        Thread.sleep(3_000);
        client.destroyForcibly().waitFor();

        ProgramRun java = server.get(60, TimeUnit.SECONDS);

        assertThat(java.exitCode()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(java.stdout()).contains("remote address: ");
        assertThat(java.stderr()).hasLineCount(1).startsWith("04-rc-pingpong: ibv_poll_cq(server): ")
                .containsAnyOf("no completion for 10 s", "transport retry counter exceeded");
    }
}
