package rdma.atomics.perf;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import rdma.atomics.AtomicType;
import rdma.cm.CmId;
import rdma.cm.EventChannel;
import rdma.devices.DeviceContext;
import rdma.devices.DeviceList;
import rdma.support.Cli;
import rdma.testsupport.Allocation;
import rdma.testsupport.Child;
import rdma.testsupport.FreePorts;
import rdma.testsupport.LabDevices;
import rdma.testsupport.Listening;
import rdma.testsupport.OptionalTool;
import rdma.testsupport.ProgramRun;
import rdma.testsupport.RequiresDevice;
import rdma.testsupport.ServerAndClient;
import rdma.write.OneSidedChecks;

/**
 * Remote atomics on a real device: both tests and both types between two Java sides, and against
 * perftest's own ib_atomic_lat and ib_atomic_bw, each side being the server once; the target's words
 * checked afterwards; each error on purpose; and loops that allocate nothing.
 */
@RequiresDevice
class AtomicDeviceTest {
    private static final int ITERS = 300;
    private static LabDevices lab;

    @BeforeAll
    static void findDevices() {
        lab = LabDevices.find();
        openLibrdmacmsContexts();
    }

    /**
     * librdmacm opens a device's context the first time an identifier of the process is bound to
     * it, and keeps it open for the life of the process (chapter 09's tests say more): bound once
     * here, so that the leak check of the shared counter's test counts only what the test left.
     */
    private static void openLibrdmacmsContexts() {
        try (EventChannel events = EventChannel.create(); CmId server = CmId.create(events); CmId client = CmId.create(events)) {
            server.bind(new InetSocketAddress(ipv4(lab.server()), 0));
            client.bind(new InetSocketAddress(ipv4(lab.client()), 0));
        }
    }

    private static InetAddress ipv4(String deviceName) {
        try (DeviceList list = DeviceList.open(); DeviceContext context = DeviceContext.open(list.select(deviceName))) {
            return InetAddress.getByAddress(Arrays.copyOfRange(context.port(1).ipv4RoceV2Gid().orElseThrow().raw(), 12, 16));
        } catch (UnknownHostException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    private static ProgramRun demo(String... args) {
        return ProgramRun.demo(AtomicMain::run, args);
    }

    /** perftest's tool with the same options: -x for the GID index, -F to run on any CPU governor. */
    private static Child perftest(String tool, String device, int port, AtomicType type, String... more) throws Exception {
        OptionalTool.require(tool, "apt-get install perftest");
        List<String> command = new ArrayList<>(List.of(tool, "-F", "-d", device, "-p", String.valueOf(port), "-n",
                String.valueOf(ITERS), "-A", type.name()));
        if (lab.gidIndex() != null) {
            command.addAll(List.of("-x", lab.gidIndex()));
        }
        command.addAll(List.of(more));
        return Child.start(command);
    }

    private static ProgramRun java(String device, int port, AtomicType type, String... more) {
        List<String> args = new ArrayList<>(lab.args(device, port, "-n", String.valueOf(ITERS), "-A", type.name()));
        args.addAll(List.of(more));
        return ProgramRun.of(AtomicMain::run, args.toArray(String[]::new));
    }

    /** What the Java target says of its words: every FETCH_AND_ADD of 1 is there; CMP_AND_SWAPs of 0 for 0 changed nothing. */
    private static String targetsWords(AtomicType type) {
        return type == AtomicType.FETCH_AND_ADD ? "target: its 512 words add up to " + ITERS + ": " + ITERS
                + " FETCH_AND_ADDs of 1, every one of them" : "target: its 512 words add up to 0: " + ITERS
                + " CMP_AND_SWAPs each found 0 and wrote 0";
    }

    /** perftest's latency line, " 8 300 1.23 ...", or "inf" where perftest's estimate of the CPU's clock failed. */
    private static void assertLatencyLine(String output) {
        assertThat(output).contains("#bytes #iterations").containsPattern("(?m)^ 8 +" + ITERS + " +([0-9.]+|inf) ");
    }

    private static void assertBandwidthLine(String output) {
        assertThat(output).contains("#bytes     #iterations    BW peak[MB/sec]")
                .containsPattern("(?m)^(\\[\\w+\\] )? 8 +" + ITERS + "\\s+[0-9.]+\\s+[0-9.]+\\s+[0-9.]+");
    }

    @Test
    void eachFetchAndAddFindsTheWordOneHigher() {
        ProgramRun run = demo("-n", "200");

        run.assertSucceeded();
        assertThat(run.stdout()).contains("[client]                     Atomic FETCH_AND_ADD Latency Test",
                        "[client] fetched: the first FETCH_AND_ADD found 0, the last 199; each found the word 1 higher than the one before",
                        "[server] target: its 512 words add up to 200: 200 FETCH_AND_ADDs of 1, every one of them",
                        "[server] target: the initiator finished while this side waited ")
                .contains(" it posted 0 receives, its CQ holds 0 completions, and it used ");
    }

    /**
     * Three clients of one target at once: the counter exact and each count fetched once, the
     * tally exact under the lock, the target CPU's adds counted (and any lost ones said), and
     * every fenced WRITE carrying the block its READ brought. The program checks each and fails
     * otherwise; the test reads what it said.
     */
    @Test
    void threeClientsShareTheCounterTheLockAndTheTarget() {
        ProgramRun run = ProgramRun.of(AtomicMain::run, "--clients", "3", "-n", "300", "-p", String.valueOf(FreePorts.next()));

        run.assertSucceeded();
        assertThat(run.stdout()).contains("  target: the word holds 900, 3 times 300: not one lost, and the target's CPU did nothing",
                        "  the 900 values the clients fetched are 0 to 899, each once: no two atomics found the same count",
                        "tally without a lock: 3 clients READ a word, add 1 and WRITE it back, 300 times each, at once",
                        "  target: the word holds 900: none lost; the clients' CMP_AND_SWAPs found the lock taken ")
                .containsPattern("(?m)^  client 3: 300 FETCH_AND_ADDs in [0-9.]+ s$")
                .containsPattern("(?m)^  target: the word holds [0-9]+ of the 900: [0-9]+ lost, READ by two clients before either WROTE$")
                .containsPattern("(?m)^  target: its CPU added 1 [1-9][0-9]* times, the clients 900 times; the word holds [0-9]+ of the"
                        + " [0-9]+: [0-9]+ lost$")
                .containsPattern("(?m)^  client 1: without the fence [0-9]+ of 100 WRITEs carried the block read, [0-9]+ what was there"
                        + " before the READ's answer; with it 100 of 100$");
    }

    @ParameterizedTest
    @EnumSource(AtomicType.class)
    void theBandwidthTestKeepsTheNegotiatedAtomicsInFlight(AtomicType type) {
        ProgramRun run = demo("--bw", "-A", type.name(), "-n", String.valueOf(ITERS), "-o", "4", "--post_list", "4");

        run.assertSucceeded();
        assertThat(run.stdout()).contains("[client]   atomics in flight: at most 4 (max_rd_atomic: the fewer of this side's 4 and"
                + " the 4 the peer serves)", "[server] " + targetsWords(type));
        assertBandwidthLine(run.stdout());
    }

    @ParameterizedTest
    @EnumSource(AtomicType.class)
    void javaClientAgainstIbAtomicLatsServer(AtomicType type) throws Exception {
        int port = FreePorts.next();
        try (Child server = perftest("ib_atomic_lat", lab.server(), port, type)) {
            Listening.await(port, 30_000);

            ProgramRun java = java(lab.client(), port, type, "127.0.0.1");

            assertThat(server.waitFor(60)).as(server.output()).isZero();
            java.assertSucceeded();
            assertLatencyLine(java.stdout());
            assertThat(java.stdout()).contains("fetched: the first " + type + " found ");
        }
    }

    @ParameterizedTest
    @EnumSource(AtomicType.class)
    void ibAtomicLatsClientAgainstTheJavaServer(AtomicType type) throws Exception {
        int port = FreePorts.next();
        CompletableFuture<ProgramRun> server = CompletableFuture.supplyAsync(() -> java(lab.server(), port, type));
        Listening.await(port, 30_000);
        try (Child client = perftest("ib_atomic_lat", lab.client(), port, type, "127.0.0.1")) {
            assertThat(client.waitFor(60)).as(client.output()).isZero();
            assertLatencyLine(client.output());
        }
        ProgramRun java = server.get(60, TimeUnit.SECONDS);
        java.assertSucceeded();
        assertThat(java.stdout()).contains(targetsWords(type));
    }

    @Test
    void javaClientAgainstIbAtomicBwsServer() throws Exception {
        int port = FreePorts.next();
        try (Child server = perftest("ib_atomic_bw", lab.server(), port, AtomicType.FETCH_AND_ADD)) {
            Listening.await(port, 30_000);

            ProgramRun java = java(lab.client(), port, AtomicType.FETCH_AND_ADD, "--bw", "127.0.0.1");

            assertThat(server.waitFor(60)).as(server.output()).isZero();
            java.assertSucceeded();
            assertBandwidthLine(java.stdout());
            assertBandwidthLine(server.output());
        }
    }

    /** ib_atomic_bw's client spreads its atomics over the target's page, a word every 64 bytes: together they are all there. */
    @ParameterizedTest
    @EnumSource(AtomicType.class)
    void ibAtomicBwsClientAgainstTheJavaServer(AtomicType type) throws Exception {
        int port = FreePorts.next();
        CompletableFuture<ProgramRun> server = CompletableFuture.supplyAsync(() -> java(lab.server(), port, type, "--bw"));
        Listening.await(port, 30_000);
        try (Child client = perftest("ib_atomic_bw", lab.client(), port, type, "127.0.0.1")) {
            assertThat(client.waitFor(60)).as(client.output()).isZero();
            assertBandwidthLine(client.output());
        }
        ProgramRun java = server.get(60, TimeUnit.SECONDS);
        java.assertSucceeded();
        assertBandwidthLine(java.stdout());
        assertThat(java.stdout()).contains(targetsWords(type));
    }

    /**
     * --report_gbits on both sides, as perftest wants it: the client's figures in Gb/sec, an atomic's
     * few of them with six decimals, and the Java target prints them under the same header.
     */
    @Test
    void ibAtomicBwsGigabitsReachTheJavaServerInGigabits() throws Exception {
        int port = FreePorts.next();
        CompletableFuture<ProgramRun> server = CompletableFuture.supplyAsync(() -> java(lab.server(), port,
                AtomicType.FETCH_AND_ADD, "--bw", "--report_gbits"));
        Listening.await(port, 30_000);
        String header = "#bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]";
        String row = "(?m)^(\\[\\w+\\] )? 8 +" + ITERS + " +0\\.[0-9]{6} +0\\.[0-9]{6} +[0-9.]+";
        try (Child client = perftest("ib_atomic_bw", lab.client(), port, AtomicType.FETCH_AND_ADD, "--report_gbits", "127.0.0.1")) {
            assertThat(client.waitFor(60)).as(client.output()).isZero();
            assertThat(client.output()).contains(header).containsPattern(row);
        }
        ProgramRun java = server.get(60, TimeUnit.SECONDS);
        java.assertSucceeded();
        assertThat(java.stdout()).contains(header).containsPattern(row);
    }

    /** Refused by the target's device, each way: the initiator's completion says so, and the target's QP ends too. */
    @Test
    void aBufferWithoutRemoteAtomicAndAWrongKeyAreRefusedByTheTarget() throws Exception {
        OneSidedChecks.assertRefusedByTheTarget(AtomicMain::run, "10-atomics", "atomic", List.of("no-remote-atomic", "wrong-rkey"),
                "10-atomics: target: waiting for the initiator: the peer closed its connection before it finished: it failed or"
                        + " was stopped (and this side's QP is in ERR: its device ended the connection too). Look at the other side's output");
    }

    /** An atomic's word must be 8-byte aligned: one that is not is refused before it is posted, with the rule named. */
    @Test
    void aMisalignedWordIsRefusedBeforeItIsPosted() {
        ProgramRun run = demo("--fail", "misaligned");

        assertThat(run.stdout()).contains("[client] --fail misaligned: this atomic should be refused before it is posted");
        assertThat(run.exitCode()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(run.stderr()).containsPattern("(?m)^\\[client\\] 10-atomics: the atomic's word at 0x\\p{XDigit}+4: it is not"
                + " 8-byte aligned, and an atomic operates only on an aligned word \\(soft-RoCE's ibv_post_send refuses it with"
                + " EINVAL\\)\\. Name the peer's buffer address plus a multiple of 8$");
    }

    /** The target serves 2 at once; an initiator told to issue 16 is refused before its QP is connected, naming the fix. */
    @Test
    void moreInFlightThanThePeerServesIsRefused() throws Exception {
        ServerAndClient run = ServerAndClient.onTheLab(AtomicMain::run, List.of("-o", "2"), List.of("-o", "16"));

        assertThat(run.client().exitCode()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(run.client().stderr()).isEqualTo("10-atomics: -o/--outs 16: the peer serves only 2 RDMA READs and atomics at"
                + " once (its max_dest_rd_atomic). Pass -o 2 or less\n");
    }

    /** The initiator's loops create no object in their steady state (the latency report keeps two longs an iteration). */
    @Test
    void theSteadyStateLoopsAllocateNothing() throws Exception {
        for (boolean bandwidth : new boolean[] {true, false}) {
            Allocation.assertLoopAllocatesNothing(iters -> {
                ProgramRun run = bandwidth ? demo("--bw", "-n", String.valueOf(iters)) : demo("-n", String.valueOf(iters));
                assertThat(run.exitCode()).as(run.stderr()).isZero();
            }, 1000, 5000, bandwidth ? "the bandwidth loop" : "the latency loop", bandwidth ? 0 : 2 * Long.BYTES);
        }
    }
}
