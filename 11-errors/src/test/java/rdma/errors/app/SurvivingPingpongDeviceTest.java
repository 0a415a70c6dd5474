package rdma.errors.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import rdma.testsupport.Child;
import rdma.testsupport.FreePorts;
import rdma.testsupport.LabDevices;
import rdma.testsupport.OptionalTool;
import rdma.testsupport.ProgramRun;
import rdma.testsupport.RequiresDevice;

/**
 * The pingpong whose client survives its server restarting: against rdma-core's server frozen and
 * killed (the demo), against the Java server killed outright in the middle of a run, and against a
 * "server" that answers the exchange with garbage, which is one line and no hang.
 */
@RequiresDevice
class SurvivingPingpongDeviceTest {
    private static final LabDevices LAB = LabDevices.find();

    @Test
    void theDemoRecoversFromCsServerFrozenKilledAndStartedAgain() {
        OptionalTool.require("ibv_rc_pingpong", "apt-get install ibverbs-utils");
        String out = ProgramRun.of(ErrorsMain::run, "pingpong", "--demo", "-p", String.valueOf(FreePorts.next()))
                .assertSucceeded().stdout();
        assertThat(out).containsPattern("client: session 1 broke after \\d+ of 5000 iterations: ibv_poll_cq\\(client\\): no completion")
                .contains("client: its QP back to RESET and INIT", "client: session 2 completed its 5000 iterations",
                        "[server 2] 5000 iters in ");
        // One QP for both sessions: the client's QP number is the same in both servers' "remote address".
        List<String> clientQpns = out.lines().filter(line -> line.matches("\\[server \\d\\]   remote address: .*"))
                .map(line -> line.replaceAll(".*QPN (0x\\w+).*", "$1")).toList();
        assertThat(clientQpns).hasSize(2).containsOnly(clientQpns.get(0));
    }

    /** A server killed outright: the client notices either by its send's retries or by its wait's bound. */
    @Test
    void aJavaServerKilledMidRunIsReplacedAndTheClientCarriesOn() throws Exception {
        int port = FreePorts.next();
        List<String> server = new ArrayList<>(List.of("pingpong", "-n", "5000"));
        server.addAll(LAB.args(LAB.server(), port));
        try (Child first = Child.java(ErrorsMain.class, List.of(), server)) {
            CompletableFuture<ProgramRun> client = CompletableFuture.supplyAsync(() -> ProgramRun.of(ErrorsMain::run,
                    clientArgs(port)));
            first.awaitOutput("remote address", 120);
            TimeUnit.MILLISECONDS.sleep(300);
            first.kill();
            try (Child second = Child.java(ErrorsMain.class, List.of(), server)) {
                String out = client.get(180, TimeUnit.SECONDS).assertSucceeded().stdout();
                assertThat(out).containsPattern("client: session 1 broke after \\d+ of 5000 iterations: ibv_poll_cq\\(client\\): "
                        + "(work request 2 completed with transport retry counter exceeded|no completion for 10 s)")
                        .contains("client: session 2 completed its 5000 iterations");
                assertThat(second.waitFor(60)).isZero();
                assertThat(second.output()).contains("5000 iters in ");
            }
        }
    }

    @Test
    void aServerThatAnswersWithGarbageIsOneLineNotAHang() throws Exception {
        try (ServerSocket fake = new ServerSocket(0)) {
            CompletableFuture<Void> answer = CompletableFuture.runAsync(() -> {
                try (Socket client = fake.accept(); OutputStream out = client.getOutputStream()) {
                    out.write("HTTP/1.1 400 Bad Request\r\n\r\n".repeat(3).getBytes());
                    client.getInputStream().readNBytes(52);
                } catch (Exception ignored) {
                    // the client may close first
                }
            });
            List<String> args = new ArrayList<>(List.of("pingpong"));
            args.addAll(LAB.args(LAB.client(), fake.getLocalPort(), "localhost"));
            ProgramRun run = ProgramRun.of(ErrorsMain::run, args.toArray(String[]::new));
            assertThat(run.exitCode()).isEqualTo(1);
            assertThat(run.stderr().lines()).hasSize(1).first().asString().contains("malformed exchange message");
            answer.get(10, TimeUnit.SECONDS);
        }
    }

    private static String[] clientArgs(int port) {
        List<String> args = new ArrayList<>(List.of("pingpong", "-n", "5000"));
        args.addAll(LAB.args(LAB.client(), port, "localhost"));
        return args.toArray(String[]::new);
    }
}
