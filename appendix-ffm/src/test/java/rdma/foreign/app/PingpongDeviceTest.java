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
import rdma.testsupport.ProgramRun;
import rdma.testsupport.RequiresDevice;

/**
 * Chapter 04's pingpong with its data path through java.lang.foreign, on a real device: against
 * itself, and against rdma-core's ibv_rc_pingpong in both directions, -c checking the data.
 */
@RequiresDevice
class PingpongDeviceTest {
    private static LabDevices lab;

    @BeforeAll
    static void findDevices() {
        lab = LabDevices.find();
    }

    private static ProgramRun java(List<String> args) {
        List<String> command = new ArrayList<>(List.of("pingpong"));
        command.addAll(args);
        return ProgramRun.of(ForeignMain::run, command.toArray(String[]::new));
    }

    private static Child cTool(List<String> args) throws Exception {
        List<String> command = new ArrayList<>(List.of("ibv_rc_pingpong"));
        command.addAll(args);
        return Child.start(command);
    }

    private static void assertCompleteRun(String output, int iters, int size) {
        assertThat(output)
                .containsPattern("remote address: LID 0x[0-9a-f]{4}, QPN 0x[0-9a-f]{6}, PSN 0x[0-9a-f]{6}, GID \\S+")
                .containsPattern((long) size * iters * 2 + " bytes in [0-9.]+ seconds = [0-9.]+ Mbit/sec")
                .containsPattern(iters + " iters in [0-9.]+ seconds = [0-9.]+ usec/iter")
                .doesNotContain("invalid data in page");
    }

    @Test
    void theDemoRunsBothSidesThroughTheDowncalls() {
        ProgramRun run = java(List.of("--demo", "-n", "300", "-c", "-p", String.valueOf(FreePorts.next())));

        run.assertSucceeded();
        assertThat(run.stdout()).startsWith("demo: server on " + lab.server() + ", client on " + lab.client());
        for (String side : List.of("[server] ", "[client] ")) {
            assertThat(run.stdout()).contains(side + "2457600 bytes in ", side + "300 iters in ");
        }
        assertThat(run.stdout()).doesNotContain("invalid data");
    }

    @Test
    void javaServerAndTheCClient() throws Exception {
        int port = FreePorts.next();
        CompletableFuture<ProgramRun> server = CompletableFuture.supplyAsync(() -> java(lab.args(lab.server(), port, "-n", "300", "-c")));
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
    void theCServerAndAJavaClientWithSmallInlineMessages() throws Exception {
        int port = FreePorts.next();
        try (Child server = cTool(lab.args(lab.server(), port, "-n", "300", "-s", "64", "-c"))) {
            Listening.await(port, 30_000);

            ProgramRun java = java(lab.args(lab.client(), port, "-n", "300", "-s", "64", "-c", "localhost"));

            assertThat(server.waitFor(60)).as(server.output()).isZero();
            java.assertSucceeded();
            assertCompleteRun(java.stdout(), 300, 64);
            assertCompleteRun(server.output(), 300, 64);
        }
    }
}
