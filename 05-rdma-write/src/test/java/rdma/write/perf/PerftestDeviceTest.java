package rdma.write.perf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import rdma.testsupport.Child;
import rdma.testsupport.FreePorts;
import rdma.testsupport.LabDevices;
import rdma.testsupport.Listening;
import rdma.testsupport.OptionalTool;
import rdma.testsupport.ProgramRun;
import rdma.testsupport.RequiresDevice;

/**
 * The latency test with --perftest against perftest's own ib_write_lat, each side being the
 * server once, both started as perftest's tools are; and against itself. Each run's report is the
 * tool's: the C tool's results line and the Java one's, for the same messages.
 */
@RequiresDevice
class PerftestDeviceTest {
    private static final int ITERS = 300;
    private static final String SIZE = "64";
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
}
