package rdma.pingpong.rc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import rdma.memory.MemoryLimits;
import rdma.support.Cli;
import rdma.testsupport.Child;
import rdma.testsupport.FreePorts;
import rdma.testsupport.LabDevices;
import rdma.testsupport.Listening;
import rdma.testsupport.Prerequisite;
import rdma.testsupport.ProgramRun;
import rdma.testsupport.RequiresDevice;

/**
 * The Java pingpong against rdma-core's ibv_rc_pingpong on a real device, in both directions and
 * against itself, started exactly as the C tool is, with -c checking the data; and the failures a
 * learner will meet, each one line and none of them a hang.
 */
@RequiresDevice
class RcPingpongDeviceTest {
    private static LabDevices lab;

    @BeforeAll
    static void findDevices() {
        lab = LabDevices.find();
    }

    private static Child cTool(List<String> args) throws Exception {
        List<String> command = new ArrayList<>(List.of("ibv_rc_pingpong"));
        command.addAll(args);
        return Child.start(command);
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
        ProgramRun run = java(List.of("--demo", "-n", "300", "-c", "-p", String.valueOf(FreePorts.next())));

        run.assertSucceeded();
        assertThat(run.stdout()).startsWith("demo: server on " + lab.server() + ", client on " + lab.client());
        for (String side : List.of("[server] ", "[client] ")) {
            assertThat(run.stdout()).contains(side + "  local address:  ", side + "  remote address: ",
                    side + "2457600 bytes in ", side + "300 iters in ");
        }
        assertThat(run.stdout()).doesNotContain("invalid data");
    }

    /** The Java server is started with exactly the C server's command line: no host, no extra option. */
    @Test
    void javaServerStartedAsTheCServerIsAndTheCClient() throws Exception {
        int port = FreePorts.next();
        CompletableFuture<ProgramRun> server = javaInBackground(lab.args(lab.server(), port, "-n", "300", "-c"));
        Listening.await(port, 30_000);
        try (Child client = cTool(lab.args(lab.client(), port, "-n", "300", "-c", "localhost"))) {
            assertThat(client.waitFor(60)).as(client.output()).isZero();
            assertCompleteRun(client.output(), 300, 4096);
        }
        ProgramRun java = server.get(60, TimeUnit.SECONDS);
        java.assertSucceeded();
        assertCompleteRun(java.stdout(), 300, 4096);
    }

    @Test
    void cServerAndJavaClientWithOneReceiveAtATime() throws Exception {
        int port = FreePorts.next();
        try (Child server = cTool(lab.args(lab.server(), port, "-n", "300", "-s", "64", "-c"))) {
            Listening.await(port, 30_000);

            ProgramRun java = java(lab.args(lab.client(), port, "-n", "300", "-s", "64", "-r", "1", "-c", "localhost"));

            assertThat(server.waitFor(60)).as(server.output()).isZero();
            java.assertSucceeded();
            assertCompleteRun(java.stdout(), 300, 64);
            assertCompleteRun(server.output(), 300, 64);
        }
    }

    @Test
    void aServerNobodyListensOnIsOneLine() {
        int port = FreePorts.next();

        ProgramRun run = java(List.of("-d", lab.client(), "-p", String.valueOf(port), "localhost"));

        assertThat(run.exitCode()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(run.stderr()).hasLineCount(1)
                .startsWith("04-rc-pingpong: connecting to localhost:" + port + ": nothing is listening there");
    }

    /** Everything local is checked before the server listens: a bad GID index never waits for a client. */
    @Test
    void aServerWithAnEmptyGidIndexFailsBeforeItListens() throws Exception {
        int port = FreePorts.next();

        ProgramRun run = java(List.of("-d", lab.server(), "-g", "99", "-p", String.valueOf(port)));

        assertThat(run.exitCode()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(run.stdout()).isEmpty();
        assertThat(run.stderr()).hasLineCount(1)
                .startsWith("04-rc-pingpong: -g/--gid-idx 99: GID index 99 of " + lab.server() + " port 1 is empty.")
                .contains("Pass one of the used entries: ");
        assertThat(Listening.listening(port)).isFalse();
    }

    @Test
    void aPathMtuAboveThePortsIsRefusedUpFrontWithTheValueToPass() {
        int larger = lab.activeMtu() * 2;
        Prerequisite.require(larger <= 4096, "the port already runs the largest MTU");

        ProgramRun run = java(List.of("-d", lab.server(), "-m", String.valueOf(larger), "-p", String.valueOf(FreePorts.next())));

        run.assertFailedWith("04-rc-pingpong: -m/--mtu " + larger + ": the path MTU " + larger
                + " is larger than the active MTU of " + lab.server() + " port 1 (" + lab.activeMtu() + "). Pass -m " + lab.activeMtu()
                + " or less on both sides (ibv_devinfo shows active_mtu)");
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
        Prerequisite.require(2 * size > available, "this machine holds two buffers of the largest message size");

        ProgramRun run = java(List.of("--demo", "-s", String.valueOf(size), "-n", "1", "-p", String.valueOf(FreePorts.next())));

        assertThat(run.exitCode()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(run.stderr()).hasLineCount(1)
                .startsWith("[client] 04-rc-pingpong: registering " + size + " bytes: only ")
                .contains("(MemAvailable in /proc/meminfo)");
    }

    @Test
    void aPeerWithoutAGidIsRefusedAtRtrWithTheReason() throws Exception {
        Prerequisite.require(lab.gidIndex() != null, "only RoCE ports need a GID");
        int port = FreePorts.next();
        CompletableFuture<ProgramRun> server = javaInBackground(List.of("-d", lab.server(), "-p", String.valueOf(port)));
        Listening.await(port, 30_000);
        // No -g: the C client sends an all-zero GID, as it does by default.
        try (Child client = cTool(List.of("-d", lab.client(), "-p", String.valueOf(port), "localhost"))) {
            ProgramRun java = server.get(60, TimeUnit.SECONDS);
            assertThat(client.waitFor(60)).isNotZero();
            assertThat(java.exitCode()).isEqualTo(Cli.VERBS_ERROR);
            assertThat(java.stderr()).hasLineCount(1)
                    .contains("ibv_modify_qp(qpn 0x", "RTR) failed: ")
                    .contains("The peer sent no GID", "the address vector must be global", "start the peer with -g");
        }
    }

    @Test
    void aPeerThatDiesMidRunEndsInAnErrorNotAHang() throws Exception {
        int port = FreePorts.next();
        CompletableFuture<ProgramRun> server = javaInBackground(lab.args(lab.server(), port, "-n", "100000000", "-s", "64"));
        Listening.await(port, 30_000);
        try (Child client = cTool(lab.args(lab.client(), port, "-n", "100000000", "-s", "64", "localhost"))) {
            Thread.sleep(3_000);
            client.kill();
        }

        ProgramRun java = server.get(60, TimeUnit.SECONDS);

        assertThat(java.exitCode()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(java.stdout()).contains("remote address: ");
        assertThat(java.stderr()).hasLineCount(1).startsWith("04-rc-pingpong: ibv_poll_cq(server): ")
                .containsAnyOf("no completion for 10 s", "transport retry counter exceeded");
    }
}
