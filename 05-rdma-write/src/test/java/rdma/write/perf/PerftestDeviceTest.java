package rdma.write.perf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import rdma.testsupport.Child;
import rdma.testsupport.FreePorts;
import rdma.testsupport.LabDevices;
import rdma.testsupport.Listening;
import rdma.testsupport.OptionalTool;
import rdma.testsupport.ProgramRun;
import rdma.testsupport.RequiresDevice;

/**
 * The tests with --perftest against perftest's own ib_write_lat and ib_write_bw (with and without a
 * post list), each side being the server once, both started as perftest's tools are; and against
 * itself. Each run's report is the tool's: the C tool's results line and the Java one's, for the
 * same messages; ib_write_bw's server prints the figures its client sent.
 */
@RequiresDevice
class PerftestDeviceTest {
    private static final int ITERS = 300;
    private static final String SIZE = "64";
    /** A multiple of every post list below, as perftest requires. */
    private static final int BW_ITERS = 1600;
    private static LabDevices lab;

    @BeforeAll
    static void findDevices() {
        lab = LabDevices.find();
    }

    /** ib_write_lat with perftest's spelling of the same options: -x for the GID index, -F to run on any CPU governor. */
    private static Child ibWriteLat(String device, int port, String... more) throws Exception {
        OptionalTool.require("ib_write_lat", "apt-get install perftest");
        List<String> command = new ArrayList<>(List.of("ib_write_lat", "-F", "-d", device, "-p", String.valueOf(port),
                "-n", String.valueOf(ITERS), "-s", SIZE));
        if (lab.gidIndex() != null) {
            command.addAll(List.of("-x", lab.gidIndex()));
        }
        command.addAll(List.of(more));
        return Child.start(command);
    }

    /** ib_write_bw, as {@link #ibWriteLat} starts ib_write_lat, with {@code --post_list}. */
    private static Child ibWriteBw(String device, int port, int postList, String... more) throws Exception {
        OptionalTool.require("ib_write_bw", "apt-get install perftest");
        List<String> command = new ArrayList<>(List.of("ib_write_bw", "-F", "-d", device, "-p", String.valueOf(port),
                "-n", String.valueOf(BW_ITERS), "-s", SIZE, "--post_list", String.valueOf(postList)));
        if (lab.gidIndex() != null) {
            command.addAll(List.of("-x", lab.gidIndex()));
        }
        command.addAll(List.of(more));
        return Child.start(command);
    }

    private static ProgramRun javaBw(String device, int port, int postList, String... more) {
        List<String> args = new ArrayList<>(lab.args(device, port, "--perftest", "--bw", "-n", String.valueOf(BW_ITERS),
                "-s", SIZE, "--post_list", String.valueOf(postList)));
        args.addAll(List.of(more));
        return ProgramRun.of(RdmaWriteMain::run, args.toArray(String[]::new));
    }

    /** perftest's bandwidth line for the client's messages: " 64 1600 12.34 11.50 0.188416". */
    private static void assertBandwidthLine(String output) {
        assertThat(output).contains("#bytes     #iterations    BW peak[MB/sec]")
                .containsPattern("(?m)^ " + SIZE + "\\s+" + BW_ITERS + "\\s+[0-9.]+\\s+[0-9.]+\\s+[0-9.]+");
    }

    private static ProgramRun java(String device, int port, String... more) {
        List<String> args = new ArrayList<>(lab.args(device, port, "--perftest", "-n", String.valueOf(ITERS), "-s", SIZE));
        args.addAll(List.of(more));
        return ProgramRun.of(RdmaWriteMain::run, args.toArray(String[]::new));
    }

    /**
     * perftest's results line: "#bytes #iterations t_min[usec] ...", then " 64 300 1.23 ...", or
     * "inf" where perftest's estimate of the CPU's clock rate failed (as it does now and then on
     * the lab's emulated CPUs): the messages were all exchanged, only their times are unknown.
     */
    private static void assertPerftestReported(String output) {
        assertThat(output).contains("#bytes #iterations").containsPattern("(?m)^ " + SIZE + " +" + ITERS + " +([0-9.]+|inf) ");
    }

    private static void assertJavaReported(ProgramRun java) {
        java.assertSucceeded();
        assertThat(java.stdout()).contains("local address:  ", "remote address: ", "RDMA_Write Latency Test")
                .containsPattern("(?m)^ " + SIZE + " +" + ITERS + " +[0-9.]+ ");
    }

    @Test
    void javaClientAgainstIbWriteLatsServer() throws Exception {
        int port = FreePorts.next();
        try (Child server = ibWriteLat(lab.server(), port)) {
            Listening.await(port, 30_000);

            ProgramRun java = java(lab.client(), port, "127.0.0.1");

            assertThat(server.waitFor(60)).as(server.output()).isZero();
            assertJavaReported(java);
            assertPerftestReported(server.output());
        }
    }

    @Test
    void ibWriteLatsClientAgainstTheJavaServer() throws Exception {
        int port = FreePorts.next();
        CompletableFuture<ProgramRun> server = CompletableFuture.supplyAsync(() -> java(lab.server(), port));
        Listening.await(port, 30_000);
        try (Child client = ibWriteLat(lab.client(), port, "127.0.0.1")) {
            assertThat(client.waitFor(60)).as(client.output()).isZero();
            assertPerftestReported(client.output());
        }
        assertJavaReported(server.get(60, TimeUnit.SECONDS));
    }

    @Test
    void bothSidesSpeakingPerftestsHandshake() {
        ProgramRun run = ProgramRun.demo(RdmaWriteMain::run, "--perftest", "-n", String.valueOf(ITERS), "-s", SIZE);

        run.assertSucceeded();
        for (String side : List.of("[server] ", "[client] ")) {
            assertThat(run.stdout()).contains(side + "  remote address: ", side + ITERS + " iters in ");
        }
    }

    @Test
    void javaClientWithAPostListAgainstIbWriteBwsServer() throws Exception {
        int port = FreePorts.next();
        try (Child server = ibWriteBw(lab.server(), port, 16)) {
            Listening.await(port, 30_000);

            ProgramRun java = javaBw(lab.client(), port, 16, "127.0.0.1");

            assertThat(server.waitFor(60)).as(server.output()).isZero();
            java.assertSucceeded();
            assertThat(java.stdout()).contains("RDMA_Write Post List BW Test", " Post List      : 16\t\tCQ Moderation  : 16");
            assertBandwidthLine(java.stdout());
            assertBandwidthLine(server.output());
        }
    }

    /** Without a list ib_write_bw spreads 64-byte messages over a page of the target's buffer; with one, over the list. */
    @ParameterizedTest
    @ValueSource(ints = {1, 16})
    void ibWriteBwsClientAgainstTheJavaServer(int postList) throws Exception {
        int port = FreePorts.next();
        CompletableFuture<ProgramRun> server = CompletableFuture.supplyAsync(() -> javaBw(lab.server(), port, postList));
        Listening.await(port, 30_000);
        try (Child client = ibWriteBw(lab.client(), port, postList, "127.0.0.1")) {
            assertThat(client.waitFor(60)).as(client.output()).isZero();
            assertBandwidthLine(client.output());
        }
        ProgramRun java = server.get(60, TimeUnit.SECONDS);
        java.assertSucceeded();
        assertBandwidthLine(java.stdout());
        assertThat(java.stdout()).contains("target: " + BW_ITERS * Integer.parseInt(SIZE) + " bytes arrived in " + BW_ITERS
                + " messages by RDMA WRITE", "target: meanwhile it posted 0 receives, took 0 completions");
    }

    @Test
    void bothSidesSpeakingIbWriteBwsConversation() {
        ProgramRun run = ProgramRun.demo(RdmaWriteMain::run, "--perftest", "--bw", "--post_list", "4", "-n", "400", "-s", SIZE);

        run.assertSucceeded();
        assertThat(run.stdout()).containsPattern("(?m)^\\[client\\]  " + SIZE + " +400 +[0-9.]+")
                .containsPattern("(?m)^\\[server\\]  " + SIZE + " +400 +[0-9.]+");
    }
}
