package rdma.foreign.app;

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
import rdma.write.perf.RdmaWriteMain;

/**
 * Chapter 05's RDMA WRITE test with its data path through java.lang.foreign, on a real device:
 * against itself, against chapter 05's own program (its data path through JNA) both ways, -c
 * checking the bytes that landed each time, and against perftest's ib_write_lat.
 */
@RequiresDevice
class WriteDeviceTest {
    private static LabDevices lab;

    @BeforeAll
    static void findDevices() {
        lab = LabDevices.find();
    }

    private static ProgramRun foreign(List<String> args) {
        List<String> command = new ArrayList<>(List.of("write"));
        command.addAll(args);
        return ProgramRun.of(ForeignMain::run, command.toArray(String[]::new));
    }

    /** Chapter 05's program, in a JVM of its own. */
    private static Child chapter05(List<String> args) throws Exception {
        return Child.java(RdmaWriteMain.class, List.of(), args);
    }

    @Test
    void theLatencyDemoRunsBothSidesThroughTheDowncalls() {
        ProgramRun run = foreign(List.of("--demo", "-n", "300", "-s", "64", "-c", "-p", String.valueOf(FreePorts.next())));

        run.assertSucceeded();
        for (String side : List.of("[server] ", "[client] ")) {
            assertThat(run.stdout()).contains(side + "                    RDMA_Write Latency Test", side + "300 iters in ",
                    side + "-c: all 63 bytes of the last message arrived intact");
        }
    }

    @Test
    void aForeignTargetAndChapter05sInitiator() throws Exception {
        int port = FreePorts.next();
        CompletableFuture<ProgramRun> target = CompletableFuture.supplyAsync(
                () -> foreign(lab.args(lab.server(), port, "-n", "300", "-s", "64", "-c", "--notify", "imm")));
        Listening.await(port, 30_000);
        try (Child initiator = chapter05(lab.args(lab.client(), port, "-n", "300", "-s", "64", "-c", "--notify", "imm", "localhost"))) {
            assertThat(initiator.waitFor(60)).as(initiator.output()).isZero();
            assertThat(initiator.output()).contains("300 iters in ", "-c: all 64 bytes of the last message arrived intact");
        }
        ProgramRun foreign = target.get(60, TimeUnit.SECONDS);
        foreign.assertSucceeded();
        assertThat(foreign.stdout()).contains("300 iters in ", "-c: all 64 bytes of the last message arrived intact");
    }

    @Test
    void chapter05sTargetAndAForeignInitiatorOfTheBandwidthTest() throws Exception {
        int port = FreePorts.next();
        try (Child target = chapter05(lab.args(lab.server(), port, "--bw", "-n", "500", "-s", "4096", "-c", "--notify", "send"))) {
            Listening.await(port, 30_000);

            ProgramRun foreign = foreign(lab.args(lab.client(), port, "--bw", "-n", "500", "-s", "4096", "-c", "--notify", "send",
                    "localhost"));

            assertThat(target.waitFor(60)).as(target.output()).isZero();
            foreign.assertSucceeded();
            assertThat(foreign.stdout()).containsPattern(" 4096       500 +[0-9.]+ +[0-9.]+");
            assertThat(target.output()).contains("target: 2048000 bytes arrived in 500 messages by RDMA WRITE",
                    "took 1 completion (RECV (128))", "-c: all 4096 bytes of the last message arrived intact");
        }
    }

    /** With perftest's handshake: ib_write_lat's server, started as perftest's tools are, and a foreign client. */
    @Test
    void ibWriteLatsServerAndAForeignClient() throws Exception {
        OptionalTool.require("ib_write_lat", "apt-get install perftest");
        int port = FreePorts.next();
        List<String> server = new ArrayList<>(List.of("ib_write_lat", "-F", "-d", lab.server(), "-p", String.valueOf(port),
                "-n", "300", "-s", "64"));
        if (lab.gidIndex() != null) {
            server.addAll(List.of("-x", lab.gidIndex()));
        }
        try (Child perftest = Child.start(server)) {
            Listening.await(port, 30_000);

            ProgramRun foreign = foreign(lab.args(lab.client(), port, "--perftest", "-n", "300", "-s", "64", "127.0.0.1"));

            assertThat(perftest.waitFor(60)).as(perftest.output()).isZero();
            foreign.assertSucceeded();
            assertThat(foreign.stdout()).containsPattern("(?m)^ 64 +300 +[0-9.]+ ");
            // "inf" where perftest's estimate of the CPU's clock rate failed, as it does now and then in the lab.
            assertThat(perftest.output()).containsPattern("(?m)^ 64 +300 +([0-9.]+|inf) ");
        }
    }
}
