package rdma.srq.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import rdma.pingpong.ExchangeMessage;
import rdma.testsupport.Child;
import rdma.testsupport.FreePorts;
import rdma.testsupport.LabDevices;
import rdma.testsupport.Listening;
import rdma.testsupport.OptionalTool;
import rdma.testsupport.ProgramRun;
import rdma.testsupport.RequiresDevice;

/**
 * Chapter 12 on a real device: ibv_srq_pingpong in Java, both sides in one JVM and against the C
 * tool both ways with several numbers of QPs; the server of many clients, with the limit event
 * and with nobody refilling, against chapter 04's clients and against C's; and each bad input.
 */
@RequiresDevice
class SrqDeviceTest {
    private static final LabDevices LAB = LabDevices.find();
    private static final int ITERS = 300;

    private static List<String> javaArgs(String device, int port, int qps, String... more) {
        List<String> args = new ArrayList<>(LAB.args(device, port, "-q", String.valueOf(qps), "-n", String.valueOf(ITERS)));
        args.addAll(List.of(more));
        return args;
    }

    /** The C tool, its output line-buffered ({@code stdbuf -oL}): into a pipe, C's stdio would keep it until exit. */
    private static Child cTool(String tool, List<String> args) throws Exception {
        OptionalTool.require(tool, "apt-get install ibverbs-utils");
        List<String> command = new ArrayList<>(List.of("stdbuf", "-oL", tool));
        command.addAll(args);
        return Child.start(command);
    }

    private static CompletableFuture<ProgramRun> inBackground(List<String> args) {
        return CompletableFuture.supplyAsync(() -> ProgramRun.of(SrqMain::run, args.toArray(String[]::new)));
    }

    /** Each side printed one address line per QP for itself and for its peer, and rc_pingpong's two result lines. */
    private static void assertRan(String output, int qps) {
        assertThat(output.lines().filter(line -> line.contains("local address:  LID"))).hasSize(qps);
        assertThat(output.lines().filter(line -> line.contains("remote address: LID"))).hasSize(qps);
        assertThat(output).contains((long) 4096 * ITERS * 2 + " bytes in ", ITERS + " iters in ");
    }

    @Test
    void bothSidesInOneJvmShareTheirPoolsOverFourQps() {
        ProgramRun run = ProgramRun.demo(SrqMain::run, "-q", "4", "-n", String.valueOf(ITERS)).assertSucceeded();
        assertThat(run.stdout()).contains("[server] " + ITERS + " iters in ", "[client] " + ITERS + " iters in ");
        assertThat(run.stdout().lines().filter(line -> line.startsWith("[client]   remote address: "))).hasSize(4);
    }

    @ParameterizedTest(name = "-q {0}")
    @ValueSource(ints = {1, 32})
    void aJavaClientTalksToTheCServer(int qps) throws Exception {
        int port = FreePorts.next();
        try (Child server = cTool("ibv_srq_pingpong", javaArgs(LAB.server(), port, qps))) {
            Listening.await(port, 30_000);
            ProgramRun client = ProgramRun.of(SrqMain::run, clientArgs(port, qps)).assertSucceeded();
            assertRan(client.stdout(), qps);
            assertThat(server.waitFor(60)).isZero();
            assertRan(server.output(), qps);
        }
    }

    /** Waiting on events and checking the data (-e, -c) on the Java side, with as many QPs as the exchange allows. */
    @ParameterizedTest(name = "-q {0}")
    @ValueSource(ints = {16, 255})
    void theCClientTalksToTheJavaServer(int qps) throws Exception {
        int port = FreePorts.next();
        CompletableFuture<ProgramRun> server = inBackground(javaArgs(LAB.server(), port, qps, "-e", "-c", "-r", "512"));
        Listening.await(port, 30_000);
        List<String> client = javaArgs(LAB.client(), port, qps, "-c", "-r", "512");
        client.add("localhost");
        try (Child c = cTool("ibv_srq_pingpong", client)) {
            assertThat(c.waitFor(120)).isZero();
            assertRan(c.output(), qps);
        }
        ProgramRun run = server.get(60, TimeUnit.SECONDS).assertSucceeded();
        assertRan(run.stdout(), qps);
        assertThat(run.stdout()).doesNotContain("invalid data");
    }

    private static String[] clientArgs(int port, int qps) {
        List<String> args = javaArgs(LAB.client(), port, qps);
        args.add("localhost");
        return args.toArray(String[]::new);
    }

    @Test
    void eightClientsAtOnceDrainThePoolAndTheLimitEventRefillsIt() {
        ProgramRun run = ProgramRun.of(SrqMain::run, "serve", "--demo", "8", "-n", "20", "-p", String.valueOf(FreePorts.next()))
                .assertSucceeded();
        assertThat(run.stdout()).contains("server: 128 receives of 4096 bytes in one shared receive queue",
                        ", fewer than the limit 32, which is disarmed now", "server: posted the ",
                        "server: 8 clients, 160 exchanges; the limit event came 1 time(s), and the pool was refilled after each")
                .containsPattern("wc\\.qp_num 0x\\p{XDigit}{6}, our QP serving 127\\.0\\.0\\.1 QP 0x\\p{XDigit}{6}; wc\\.src_qp 0x");
        for (int client = 1; client <= 8; client++) {
            assertThat(run.stdout()).contains("[client " + client + "] 20 iters in ");
        }
        assertThat(run.stdout().lines().filter(line -> line.endsWith("left: done, 20 exchanges"))).isEmpty();
        assertThat(run.stdout().lines().filter(line -> line.contains("left: done, 20 exchanges;"))).hasSize(8);
    }

    /** With nobody refilling, the clients' SENDs meet an empty pool: RNR, retried for ever, and no completion comes. */
    @Test
    void nobodyRefillsAndTheClientsWaitForReceivesThatNeverCome() {
        ProgramRun run = ProgramRun.of(SrqMain::run, "serve", "--demo", "2", "-n", "80", "-r", "64", "--limit", "16",
                "--no-refill", "-p", String.valueOf(FreePorts.next()));
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stdout()).containsPattern("server: IBV_EVENT_SRQ_LIMIT_REACHED: \\d+ receives left, fewer than the limit 16")
                .contains("server: --no-refill: nobody posts more",
                "server: 2 clients, 64 exchanges; the limit event came 1 time(s), and nobody refilled the pool (--no-refill)");
        assertThat(run.stdout().lines().filter(line -> line.contains(" exchanges (nothing for 10 s)"))).hasSize(2);
        assertThat(run.stderr().lines().filter(line -> line.contains("04-rc-pingpong: ibv_poll_cq(client): no completion for 10 s")))
                .hasSize(2);
    }

    /**
     * C's ibv_rc_pingpong clients at once, one of them killed in the middle: the others carry on.
     * The one that dies asks for half the exchanges the server gives each client, so it leaves the
     * server short whether the kill comes at once or only after it ran its 200 and ended.
     */
    @Test
    void cClientsShareTheServerAndOneThatDiesMidRunIsLetGo() throws Exception {
        OptionalTool.require("ibv_rc_pingpong", "apt-get install ibverbs-utils");
        int port = FreePorts.next();
        CompletableFuture<ProgramRun> server = inBackground(List.of("serve", "-d", LAB.server(), "-p", String.valueOf(port),
                "-n", "400", "--clients", "4"));
        Listening.await(port, 30_000);
        List<Child> finishing = new ArrayList<>();
        try (Child dying = cTool("ibv_rc_pingpong", LAB.args(LAB.client(), port, "-n", "200", "localhost"))) {
            dying.awaitOutput("remote address", 60);
            for (int i = 0; i < 3; i++) {
                finishing.add(cTool("ibv_rc_pingpong", LAB.args(LAB.client(), port, "-n", "400", "localhost")));
            }
            dying.kill();
            for (Child client : finishing) {
                assertThat(client.waitFor(120)).isZero();
                assertThat(client.output()).contains("400 iters in ");
            }
        } finally {
            for (Child client : finishing) {
                client.close();
            }
        }
        ProgramRun run = server.get(60, TimeUnit.SECONDS).assertSucceeded();
        assertThat(run.stdout().lines().filter(line -> line.contains("left: done, 400 exchanges;"))).hasSize(3);
        assertThat(run.stdout()).containsPattern("left: (work request \\d+ completed with transport retry counter exceeded"
                + ".*|went quiet after \\d+ exchanges \\(nothing for 10 s\\)); ");
    }

    @Test
    void aClientBeyondMaxClientsIsRefusedInOneLine() throws Exception {
        OptionalTool.require("ibv_rc_pingpong", "apt-get install ibverbs-utils");
        int port = FreePorts.next();
        CompletableFuture<ProgramRun> server = inBackground(List.of("serve", "-d", LAB.server(), "-p", String.valueOf(port),
                "-n", "1000000", "-r", "64", "--limit", "16", "--max-clients", "1", "--clients", "1"));
        Listening.await(port, 30_000);
        try (Child first = cTool("ibv_rc_pingpong", LAB.args(LAB.client(), port, "-n", "1000000", "localhost"))) {
            first.awaitOutput("remote address", 60);
            try (Child second = cTool("ibv_rc_pingpong", LAB.args(LAB.client(), port, "localhost"))) {
                assertThat(second.waitFor(60)).isNotZero();
            }
            first.kill();
        }
        ProgramRun run = server.get(60, TimeUnit.SECONDS).assertSucceeded();
        assertThat(run.stdout()).contains("server: refused a client from 127.0.0.1: 1 connected already (--max-clients); it may"
                + " try again when one has finished");
    }

    /** A client that takes the server's reply and goes without "done": its QP is in the table, and the server thread lets it go. */
    @Test
    void aClientThatGoesOnceItsQpIsConnectedIsLetGoByTheServerThread() throws Exception {
        int port = FreePorts.next();
        CompletableFuture<ProgramRun> server = inBackground(List.of("serve", "-d", LAB.server(), "-p", String.valueOf(port),
                "--clients", "1"));
        Listening.await(port, 30_000);
        try (Socket socket = new Socket("localhost", port); OutputStream out = socket.getOutputStream()) {
            out.write(ExchangeMessage.terminated("0000:000011:000001:00000000000000000000ffffc0000202"));
            assertThat(socket.getInputStream().readNBytes(ExchangeMessage.SIZE)).hasSize(ExchangeMessage.SIZE);
        }
        ProgramRun run = server.get(60, TimeUnit.SECONDS).assertSucceeded();
        assertThat(run.stdout()).contains("server: a client from 127.0.0.1 could not join: ",
                "left: its address exchange failed after its QP was connected; 0 connected");
    }

    @Test
    void aPoolLargerThanTheDeviceAllowsIsOneLine() {
        ProgramRun run = ProgramRun.of(SrqMain::run, "-d", LAB.server(), "-r", "2000000");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stderr()).startsWith("12-srq: -r/--rx-depth 2000000: an SRQ of " + LAB.server() + " holds at most ")
                .endsWith(" receives (max_srq_wr). Pass a smaller -r\n");
    }

    /** A client that sends three records and goes: the server says how far it got, and leaks nothing (the leak check). */
    @Test
    void aClientThatSendsFewerThan256RecordsIsOneLine() throws Exception {
        int port = FreePorts.next();
        CompletableFuture<ProgramRun> server = inBackground(javaArgs(LAB.server(), port, 4));
        Listening.await(port, 30_000);
        try (Socket socket = new Socket("localhost", port); OutputStream out = socket.getOutputStream()) {
            for (int i = 0; i < 3; i++) {
                out.write(ExchangeMessage.terminated("0000:000011:000001:00000000000000000000ffffc0000202"));
            }
        }
        ProgramRun run = server.get(60, TimeUnit.SECONDS);
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stderr()).contains("closed the connection after 3 of 256 address records (ibv_srq_pingpong always sends 256)")
                .hasLineCount(1);
    }
}
