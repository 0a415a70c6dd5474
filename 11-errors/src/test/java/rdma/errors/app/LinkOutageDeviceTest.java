package rdma.errors.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import rdma.support.Cli;
import rdma.testsupport.FreePorts;
import rdma.testsupport.LabDevices;
import rdma.testsupport.RequiresDevice;

/**
 * Both sides of the retry budget's line: the link under a running pingpong goes down for 3 s.
 * With a budget of 8.6 s (timeout 18, 7 retries) the pingpong rides it out, with no restart; with
 * chapter 03's half a second, the side that was sending fails, and with it the session.
 */
@RequiresDevice
class LinkOutageDeviceTest {
    private static final LabDevices LAB = LabDevices.find();
    private static final int OUTAGE_SECONDS = 3;

    @Test
    void aBudgetLongerThanTheOutageRidesItOut() throws Exception {
        List<Run> runs = pingpongThroughAnOutage("--timeout", "18");
        for (Run run : runs) {
            assertThat(run.exitCode).as("%s", run.output).isZero();
            assertThat(run.output).contains("8000 iters in ");
        }
        assertThat(runs.get(1).output).contains("client: session 1 completed its 8000 iterations");
    }

    @Test
    void aBudgetShorterThanTheOutageEndsTheSession() throws Exception {
        List<Run> runs = pingpongThroughAnOutage("--reconnects", "0");
        String both = runs.get(0).output + runs.get(1).output;
        assertThat(runs).as(both).allSatisfy(run -> assertThat(run.exitCode).isEqualTo(1));
        // The side that was sending: RETRY_EXC_ERR on a NIC; soft-RoCE reports a local QP operation error.
        assertThat(both).containsPattern("work request 2 completed with (transport retry counter exceeded|local QP operation error)");
    }

    private record Run(int exitCode, String output) {
    }

    private static List<Run> pingpongThroughAnOutage(String... budget) throws Exception {
        Link link = Link.of(LAB.client());
        int port = FreePorts.next();
        ByteArrayOutputStream serverOut = new ByteArrayOutputStream();
        ByteArrayOutputStream clientOut = new ByteArrayOutputStream();
        CompletableFuture<Integer> server = CompletableFuture.supplyAsync(() -> pingpong(serverOut, LAB.args(LAB.server(), port), budget));
        CompletableFuture<Integer> client = CompletableFuture.supplyAsync(() ->
                pingpong(clientOut, LAB.args(LAB.client(), port, "localhost"), budget));
        try {
            for (int i = 0; i < 600 && !clientOut.toString(StandardCharsets.UTF_8).contains("remote address"); i++) {
                Thread.sleep(100);
            }
            Thread.sleep(500);
            link.down();
            TimeUnit.SECONDS.sleep(OUTAGE_SECONDS);
        } finally {
            link.up();
        }
        return List.of(new Run(server.get(120, TimeUnit.SECONDS), serverOut.toString(StandardCharsets.UTF_8)),
                new Run(client.get(120, TimeUnit.SECONDS), clientOut.toString(StandardCharsets.UTF_8)));
    }

    private static int pingpong(ByteArrayOutputStream output, List<String> side, String... budget) {
        List<String> args = new ArrayList<>(List.of("pingpong", "-n", "8000"));
        args.addAll(List.of(budget));
        args.addAll(side);
        PrintStream print = new PrintStream(output, true, StandardCharsets.UTF_8);
        return Cli.run(ErrorsMain::new, args.toArray(String[]::new), print, print);
    }
}
