package rdma.cm.rping;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import rdma.testsupport.Child;
import rdma.testsupport.FreePorts;
import rdma.testsupport.ProgramRun;
import rdma.testsupport.RequiresDevice;

/**
 * rping in Java on a real device: the demo, both directions against rdma-core's rping with every
 * ping validated at sizes across C's range, a persistent server, and every fault a learner meets,
 * each one line; the leak check after each test counts cm_ids too.
 */
@RequiresDevice
class RpingDeviceTest {
    private static final int PINGS = 5;

    /** Before the first leak check: librdmacm's contexts, open for the life of the process, are then counted as before. */
    @BeforeAll
    static void findTheLab() {
        CmLab.find();
    }

    private static List<String> args(String... args) {
        return new ArrayList<>(List.of(args));
    }

    /** C's rping, its stdout line-buffered (stdbuf) so that a line on stderr never lands inside one of stdout's. */
    private static Child cRping(List<String> args) throws Exception {
        List<String> command = new ArrayList<>(List.of("stdbuf", "-oL", "rping"));
        command.addAll(args);
        return Child.start(command);
    }

    private static CompletableFuture<ProgramRun> javaServer(List<String> args) {
        return CompletableFuture.supplyAsync(() -> ProgramRun.of(RpingMain::run, args.toArray(String[]::new)));
    }

    /** Each of rping's pings, as -v prints them: "rdma-ping-N: " and the letters from the Nth on. */
    private static void assertPings(String output, String prefix, int size) {
        for (int number = 0; number < PINGS; number++) {
            assertThat(output).containsPattern("(?m)^" + prefix + "ping data: rdma-ping-" + number + ": "
                    + (char) ('A' + number) + ".{" + (size - 2 - ("rdma-ping-" + number + ": ").length()) + "}$");
        }
    }

    @Test
    void theDemoShowsTheCmWalkTheQpThroughItsStates() {
        ProgramRun run = ProgramRun.of(RpingMain::run);

        run.assertSucceeded();
        assertThat(run.stdout()).contains(
                        "[client] cma_event RDMA_CM_EVENT_ADDR_RESOLVED, status 0: no QP yet",
                        "[client] cma_event RDMA_CM_EVENT_ROUTE_RESOLVED, status 0: no QP yet",
                        "[server] cma_event RDMA_CM_EVENT_CONNECT_REQUEST, status 0: no QP yet",
                        "[client] ping data: rdma-ping-2: C",
                        "[server] server DISCONNECT EVENT...",
                        "[client] client DISCONNECT EVENT...",
                        "[server]   READ with no SEND before it: rdma-ping-0: A",
                        "[client]   its private data: 196 bytes, saying \"" + RpingDemo.WELCOME + "\"",
                        "[client] cma_event RDMA_CM_EVENT_REJECTED, status 28: no QP yet",
                        "[client]   refused, reason 28 (consumer defined), its private data: 148 bytes, saying \""
                                + RpingDemo.REFUSAL + "\"")
                .containsPattern("\\[client\\] rdma_create_qp: QP 0x[0-9a-f]+ is INIT")
                .containsPattern("\\[server\\] rdma_accept: QP 0x[0-9a-f]+ is RTS")
                .containsPattern("\\[client\\] cma_event RDMA_CM_EVENT_ESTABLISHED, status 0: QP 0x[0-9a-f]+ is RTS")
                .containsPattern("\\[client\\] rdma_disconnect: QP 0x[0-9a-f]+ is ERR")
                .containsPattern("\\[server\\]   its private data: 56 bytes \\(the request's room for it\\), starting with the"
                        + " client's advert: addr 0x[0-9a-f]+, rkey 0x[0-9a-f]+, 64 bytes");
    }

    /** The Java client against C's server, every ping validated on both sides. */
    @ParameterizedTest
    @ValueSource(ints = {26, 64, 4096, 65535})
    void javaClientAgainstCServer(int size) throws Exception {
        CmLab lab = CmLab.find();
        int port = FreePorts.next();
        String sizeArg = String.valueOf(size);
        try (Child server = cRping(args("-s", "-a", lab.serverAddress(), "-p", String.valueOf(port), "-S", sizeArg, "-V", "-v"))) {
            CmLab.awaitListener(port);
            ProgramRun client = ProgramRun.of(RpingMain::run, "-c", "-a", lab.serverAddress(), "-I", lab.clientAddress(),
                    "-p", String.valueOf(port), "-S", sizeArg, "-V", "-v", "-C", String.valueOf(PINGS));

            client.assertSucceeded();
            assertPings(client.stdout(), "", size);
            assertThat(server.waitFor(30)).as(server.output()).isZero();
            assertPings(server.output(), "server ", size);
        }
    }

    /** C's client against the Java server, started as C's server is. */
    @ParameterizedTest
    @ValueSource(ints = {26, 64, 4096, 65535})
    void cClientAgainstJavaServer(int size) throws Exception {
        CmLab lab = CmLab.find();
        int port = FreePorts.next();
        String sizeArg = String.valueOf(size);
        CompletableFuture<ProgramRun> server = javaServer(args("-s", "-a", lab.serverAddress(), "-p", String.valueOf(port),
                "-S", sizeArg, "-V", "-v"));
        CmLab.awaitListener(port);
        try (Child client = cRping(args("-c", "-a", lab.serverAddress(), "-I", lab.clientAddress(), "-p", String.valueOf(port),
                "-S", sizeArg, "-V", "-v", "-C", String.valueOf(PINGS)))) {
            assertThat(client.waitFor(60)).as(client.output()).isZero();
            assertPings(client.output(), "", size);
        }
        ProgramRun run = server.get(30, TimeUnit.SECONDS).assertSucceeded();
        assertPings(run.stdout(), "server ", size);
        assertThat(run.stdout()).endsWith("server DISCONNECT EVENT...\n");
    }

    /** With neither -p nor -S, both sides use rping's defaults: port 7174 and 64-byte pings. */
    @Test
    void withoutPortOrSizeBothUseRpingsDefaults() throws Exception {
        CmLab lab = CmLab.find();
        try (Child server = cRping(args("-s", "-a", lab.serverAddress(), "-V", "-v"))) {
            CmLab.awaitListener(RpingMain.PORT);
            ProgramRun client = ProgramRun.of(RpingMain::run, "-c", "-a", lab.serverAddress(), "-V", "-v", "-C",
                    String.valueOf(PINGS));

            client.assertSucceeded();
            assertThat(server.waitFor(30)).as(server.output()).isZero();
            assertPings(server.output(), "server ", 64);
        }
    }

    /** -P: one client after another, a C one and a Java one, until the server is stopped. */
    @Test
    void aPersistentServerServesClientsOneAfterAnother() throws Exception {
        CmLab lab = CmLab.find();
        int port = FreePorts.next();
        AtomicReference<Rping.Listener> listener = new AtomicReference<>();
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        Rping.Settings settings = new Rping.Settings(64, 0, true, true, CmTrace.OFF);
        CompletableFuture<Void> server = CompletableFuture.runAsync(() -> Rping.server(
                new InetSocketAddress(lab.serverAddress(), port), true, settings, new PrintStream(output, true),
                listener::set, failed -> {
                    throw failed;
                }));
        CmLab.awaitListener(port);
        try (Child c = cRping(args("-c", "-a", lab.serverAddress(), "-p", String.valueOf(port), "-V", "-v", "-C", "3"))) {
            assertThat(c.waitFor(60)).as(c.output()).isZero();
        }
        ProgramRun java = ProgramRun.of(RpingMain::run, "-c", "-a", lab.serverAddress(), "-p", String.valueOf(port), "-V", "-C", "3");
        java.assertSucceeded();
        listener.get().close();
        server.get(30, TimeUnit.SECONDS);
        assertThat(output.toString().split("server DISCONNECT EVENT...", -1)).as(output.toString()).hasSize(3);
    }

    @Test
    void aClientOfAPortWhereNothingListensIsToldSo() {
        CmLab lab = CmLab.find();
        ProgramRun run = ProgramRun.of(RpingMain::run, "-c", "-a", lab.serverAddress(), "-p", String.valueOf(FreePorts.next()),
                "-C", "1");

        assertThat(run.stderr()).matches("09-rdma-cm: connecting to " + lab.serverAddress().replace(".", "\\.")
                + ":\\d+: nothing listens there \\(RDMA_CM_EVENT_REJECTED, reason 8: invalid service ID\\)\\. Start the server"
                + " first, on that address and port\n");
        assertThat(run.exitCode()).isEqualTo(1);
    }

    /** An address on the devices' subnet that nobody has: address resolution (ARP) times out after rping's 2 s. */
    @Test
    void aClientOfAnAddressNoDeviceOwnsIsToldSo() {
        String unowned = CmLab.find().serverAddress().replaceAll("\\.\\d+$", ".99");
        ProgramRun run = ProgramRun.of(RpingMain::run, "-c", "-a", unowned, "-C", "1");

        run.assertFailedWith("09-rdma-cm: resolving " + unowned + ":7174: address resolution failed: Connection timed out"
                + " (errno 110) (RDMA_CM_EVENT_ADDR_ERROR, status -110). No RDMA device reaches that address: is it the address"
                + " of the server's RDMA network interface, and does a route lead there (ip route get <addr>)?");
    }

    /** An address no route leads to fails at once. */
    @Test
    void aClientOfAnUnroutableAddressIsToldSo() {
        ProgramRun run = ProgramRun.of(RpingMain::run, "-c", "-a", "203.0.113.7", "-C", "1");

        run.assertFailedWith("09-rdma-cm: rdma_resolve_addr(203.0.113.7:7174) failed: Network is unreachable (errno 101)."
                + " Is it the address of the server's RDMA network interface, and does a route lead there (ip route get"
                + " 203.0.113.7)?");
    }

    @Test
    void aServerOnAnAddressThisMachineDoesNotHaveIsToldSo() {
        ProgramRun run = ProgramRun.of(RpingMain::run, "-s", "-a", "203.0.113.7");

        run.assertFailedWith("09-rdma-cm: rdma_bind_addr(203.0.113.7:7174) failed: Cannot assign requested address (errno 99)."
                + " Is 203.0.113.7 an address of an RDMA device's network interface (rdma link, ip -br addr)? Leave -a out to"
                + " listen on all of them");
    }

    @Test
    void aServerOnAPortTakenIsToldSo() throws Exception {
        CmLab lab = CmLab.find();
        int port = FreePorts.next();
        try (Child other = cRping(args("-s", "-a", lab.serverAddress(), "-p", String.valueOf(port)))) {
            CmLab.awaitListener(port);
            ProgramRun run = ProgramRun.of(RpingMain::run, "-s", "-a", lab.serverAddress(), "-p", String.valueOf(port));

            run.assertFailedWith("09-rdma-cm: rdma_bind_addr(" + lab.serverAddress() + ":" + port + ") failed: Address already in"
                    + " use (errno 98). Another program already listens on port " + port + " there: pass another -p/--port, or"
                    + " stop it");
        }
    }

    /** C's client asks the server to READ more than the server's buffer holds: the Java server says which -S to use. */
    @Test
    void aPingLargerThanTheServersBufferIsRefusedNamingTheSize() throws Exception {
        CmLab lab = CmLab.find();
        int port = FreePorts.next();
        CompletableFuture<ProgramRun> server = javaServer(args("-s", "-a", lab.serverAddress(), "-p", String.valueOf(port)));
        CmLab.awaitListener(port);
        try (Child client = cRping(args("-c", "-a", lab.serverAddress(), "-p", String.valueOf(port), "-S", "100", "-C", "1"))) {
            client.waitFor(60);
        }
        server.get(30, TimeUnit.SECONDS).assertFailedWith("09-rdma-cm: rping: the client's ping of 100 bytes does not fit this"
                + " server's buffer of 64. Start the server with -S 100 or more (as the client's -S)");
    }

    /** A server killed mid-run: its kernel disconnects it, and the client says so within seconds. */
    @Test
    void aClientWhoseServerIsKilledIsToldWithinSeconds() throws Exception {
        CmLab lab = CmLab.find();
        int port = FreePorts.next();
        try (Child server = Child.java(RpingMain.class, List.of(), args("-s", "-a", lab.serverAddress(), "-p", String.valueOf(port),
                "-v"))) {
            CmLab.awaitListener(port);
            CompletableFuture<ProgramRun> client = CompletableFuture.supplyAsync(() -> ProgramRun.of(RpingMain::run, "-c", "-a",
                    lab.serverAddress(), "-p", String.valueOf(port), "-v"));
            server.awaitOutput("server ping data: rdma-ping-3:", 60);
            server.kill();
            long killed = System.nanoTime();
            ProgramRun run = client.get(60, TimeUnit.SECONDS);

            assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - killed)).as("seconds to notice").isLessThan(5);
            assertThat(run.exitCode()).as(run.stdout()).isEqualTo(1);
            assertThat(run.stderr()).hasLineCount(1).contains("the peer disconnected (RDMA_CM_EVENT_DISCONNECTED)");
        }
    }

    /** A client killed mid-run: the server ends within seconds, between pings as rping does, or naming the disconnect. */
    @Test
    void aServerWhoseClientIsKilledEndsWithinSeconds() throws Exception {
        CmLab lab = CmLab.find();
        int port = FreePorts.next();
        CompletableFuture<ProgramRun> server = javaServer(args("-s", "-a", lab.serverAddress(), "-p", String.valueOf(port), "-v"));
        CmLab.awaitListener(port);
        try (Child client = Child.java(RpingMain.class, List.of(), args("-c", "-a", lab.serverAddress(), "-p",
                String.valueOf(port), "-v"))) {
            client.awaitOutput("ping data: rdma-ping-3:", 60);
            client.kill();
            long killed = System.nanoTime();
            ProgramRun run = server.get(60, TimeUnit.SECONDS);

            assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - killed)).as("seconds to notice").isLessThan(5);
            if (run.exitCode() == 0) {
                assertThat(run.stdout()).endsWith("server DISCONNECT EVENT...\n");
            } else {
                assertThat(run.stderr()).hasLineCount(1).contains("the peer disconnected (RDMA_CM_EVENT_DISCONNECTED)");
            }
        }
    }
}
