package rdma.read.perf;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.ThreadMXBean;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import rdma.devices.Cli;
import rdma.devices.DeviceContext;
import rdma.devices.DeviceList;
import rdma.memory.MemoryRegion;
import rdma.memory.ProtectionDomain;
import rdma.queues.CompletionQueue;
import rdma.queues.QueuePair;
import rdma.testsupport.Listening;
import rdma.testsupport.ProgramRun;
import rdma.testsupport.RequiresDevice;

/**
 * RDMA READ on a real device: both tests with the pattern checked, the target idle, the
 * negotiated READs in flight, the access errors on purpose, sizes from 1 byte to 1 GiB, an
 * initiator that dies, and loops that allocate nothing.
 */
@RequiresDevice
class ReadDeviceTest {
    private static final AtomicInteger NEXT_PORT = new AtomicInteger(18800);

    @AfterEach
    void nothingIsLeftBehind() {
        assertThat(QueuePair.openCount()).as("QPs").isZero();
        assertThat(CompletionQueue.openCount()).as("CQs").isZero();
        assertThat(MemoryRegion.openCount()).as("MRs").isZero();
        assertThat(ProtectionDomain.openCount()).as("PDs").isZero();
        assertThat(DeviceContext.openCount()).as("contexts").isZero();
    }

    private static ProgramRun demo(String... args) {
        List<String> all = new ArrayList<>(List.of("--demo", "-p", String.valueOf(NEXT_PORT.getAndIncrement())));
        all.addAll(List.of(args));
        return ProgramRun.of(RdmaReadMain::run, all.toArray(String[]::new));
    }

    /** The target: no receive, no completion, and its thread asleep until the initiator finished. */
    private static void assertTheTargetOnlyWaited(ProgramRun run, int size) {
        assertThat(run.stdout()).contains("[server] target: the initiator read this side's " + size
                        + "-byte buffer and finished while this side waited ")
                .contains("[server] target: meanwhile it posted 0 receives, its CQ holds 0 completions, and it used ");
    }

    @Test
    void theLatencyTestReadsThePattern() {
        ProgramRun run = demo("-n", "200", "-s", "64", "-c");

        assertThat(run.stderr()).as(run.stdout()).isEmpty();
        assertThat(run.exitCode()).isZero();
        assertThat(run.stdout()).contains("[client]                     RDMA_Read Latency Test",
                        "[client]  #bytes #iterations    t_min[usec]", "[client] 12800 bytes in ", "[client] 200 iters in ",
                        "[client] -c: all 64 bytes read match the target's pattern")
                .containsPattern("\\[client\\]  64      200 +[0-9.]+ ");
        assertTheTargetOnlyWaited(run, 64);
    }

    @Test
    void theBandwidthTestKeepsTheNegotiatedReadsInFlight() {
        ProgramRun run = demo("--bw", "-n", "300", "-s", "4096", "-c", "-o", "4");

        assertThat(run.stderr()).as(run.stdout()).isEmpty();
        assertThat(run.exitCode()).isZero();
        assertThat(run.stdout()).contains("[client]  #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]",
                        "[client]   reads in flight: at most 4 (max_rd_atomic: the fewer of this side's 4 and the 4 the peer serves)",
                        "[server]   local reads:    serves 4 RDMA READs at once (max_dest_rd_atomic)",
                        "[client] -c: all 4096 bytes read match the target's pattern")
                .containsPattern("\\[client\\]  4096       300 +[0-9.]+ +[0-9.]+");
        assertTheTargetOnlyWaited(run, 4096);
    }

    /** Two processes' worth of options: the target serves 2, the initiator would issue 16, and issues 2. */
    @Test
    void theInitiatorIssuesNoMoreThanTheTargetServes() throws Exception {
        int port = NEXT_PORT.getAndIncrement();
        String device = firstDevice();
        CompletableFuture<ProgramRun> target = CompletableFuture.supplyAsync(() -> ProgramRun.of(RdmaReadMain::run,
                "--bw", "-n", "200", "-s", "4096", "-o", "2", "-d", device, "-p", String.valueOf(port)));
        Listening.await(port, 30_000);

        ProgramRun initiator = ProgramRun.of(RdmaReadMain::run, "--bw", "-n", "200", "-s", "4096", "-o", "16", "-c",
                "-d", device, "-p", String.valueOf(port), "localhost");

        assertThat(initiator.stderr()).as(initiator.stdout()).isEmpty();
        assertThat(initiator.stdout()).contains(
                "  reads in flight: at most 2 (max_rd_atomic: the fewer of this side's 16 and the 2 the peer serves)",
                "-c: all 4096 bytes read match the target's pattern");
        assertThat(target.get(60, TimeUnit.SECONDS).exitCode()).isZero();
    }

    @Test
    void outsAboveTheDevicesLimitIsRefusedWithIt() {
        ProgramRun run = ProgramRun.of(RdmaReadMain::run, "-o", "255", "-d", firstDevice(), "-p",
                String.valueOf(NEXT_PORT.getAndIncrement()));

        assertThat(run.exitCode()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(run.stderr()).hasLineCount(1).containsPattern("^06-rdma-read: -o/--outs 255: \\S+ serves at most \\d+ RDMA"
                + " READs at once per QP \\(max_qp_rd_atom\\) and issues at most \\d+ \\(max_qp_init_rd_atom\\). Pass -o \\d+ or less\n$");
    }

    @ParameterizedTest
    @ValueSource(strings = {"no-remote-read", "wrong-rkey", "past-end"})
    void eachRemoteAccessErrorEndsInRemAccessErr(String failure) {
        ProgramRun run = demo("--fail", failure);

        assertThat(run.exitCode()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(run.stdout()).contains("[client] --fail " + failure + ": this read should be refused by the target's device");
        assertThat(run.stderr()).hasLineCount(1).isEqualTo("[client] 06-rdma-read: ibv_poll_cq(initiator): work request 0"
                + " completed with remote access error (status 10). The peer refused the access: the rkey, the address range"
                + " or the remote MR's access flags (REMOTE_WRITE, REMOTE_READ) do not allow it\n");
    }

    /** The response of a READ is a local write: without LOCAL_WRITE the initiator's own device refuses it. */
    @Test
    void aBufferWithoutLocalWriteEndsInLocProtErr() {
        ProgramRun run = demo("--fail", "no-local-write");

        assertThat(run.exitCode()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(run.stdout()).contains("[client] --fail no-local-write: this read should be refused by this side's device");
        assertThat(run.stderr()).hasLineCount(1).startsWith("[client] 06-rdma-read: ibv_poll_cq(initiator): work request 0"
                + " completed with local protection error (status 4). ").contains("an MR without LOCAL_WRITE");
    }

    @Test
    void oneByteMessages() {
        ProgramRun run = demo("--bw", "-s", "1", "-n", "100", "-c");

        assertThat(run.stderr()).as(run.stdout()).isEmpty();
        assertThat(run.exitCode()).isZero();
        assertThat(run.stdout()).contains("[client] -c: all 1 byte read match the target's pattern");
    }

    /** Larger than the port's max_msg_sz (8 MiB on soft-RoCE), so each message is read in pieces. */
    @Test
    void aGibibyteIsReadIntact() {
        ProgramRun run = demo("--bw", "-s", String.valueOf(1 << 30), "-n", "1", "-c");

        assertThat(run.stderr()).as(run.stdout()).isEmpty();
        assertThat(run.exitCode()).isZero();
        assertThat(run.stdout()).contains("[client] -c: all 1073741824 bytes read match the target's pattern");
    }

    /** The target notices an initiator that was killed mid-run within seconds, and tells it from one that finished. */
    @Test
    void aKilledInitiatorIsNoticedByTheTarget() throws Exception {
        int port = NEXT_PORT.getAndIncrement();
        CompletableFuture<ProgramRun> target = CompletableFuture.supplyAsync(() ->
                ProgramRun.of(RdmaReadMain::run, "--bw", "-n", "100000000", "-s", "4096", "-d", firstDevice(), "-p", String.valueOf(port)));
        Listening.await(port, 30_000);
        Path output = Files.createTempFile("initiator", ".txt");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), RdmaReadMain.class.getName(), "--bw", "-n", "100000000", "-s", "4096",
                "-p", String.valueOf(port), "localhost"));
        Process initiator = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        awaitOutput(output, "reads in flight:", 60);
        Thread.sleep(2_000); // the reads are under way
        initiator.destroyForcibly().waitFor();
        long killed = System.nanoTime();

        ProgramRun run = target.get(60, TimeUnit.SECONDS);

        assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - killed)).as("seconds until the target noticed").isLessThan(5);
        assertThat(run.exitCode()).as(Files.readString(output)).isEqualTo(Cli.VERBS_ERROR);
        assertThat(run.stderr()).isEqualTo("06-rdma-read: target: waiting for the initiator: the peer closed its connection"
                + " before it finished: it failed or was stopped. Look at the other side's output\n");
    }

    /** The initiator's loops create no object in their steady state, watched from outside as chapter 04's. */
    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void theSteadyStateLoopsAllocateNothing(boolean bandwidth) {
        int iters = 4000;
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long[] allocatedAt = new long[2];
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        PrintStream print = new PrintStream(output, true, StandardCharsets.UTF_8);
        RdmaReadMain main = new RdmaReadMain(print, print).observe(messages -> {
            if (messages >= iters / 2 && allocatedAt[0] == 0) {
                allocatedAt[0] = threads.getCurrentThreadAllocatedBytes();
            } else if (messages == iters) {
                allocatedAt[1] = threads.getCurrentThreadAllocatedBytes();
            }
        });
        List<String> args = new ArrayList<>(List.of("--demo", "-n", String.valueOf(iters), "-s", "64", "-p",
                String.valueOf(NEXT_PORT.getAndIncrement())));
        if (bandwidth) {
            args.add("--bw");
        }

        int exitCode = Cli.run(main, args.toArray(String[]::new), print, print);

        assertThat(exitCode).as(output.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(allocatedAt[1] - allocatedAt[0])
                .as("bytes allocated by the initiator's loop over its second half (bandwidth: %s)", bandwidth).isLessThan(iters / 2);
    }

    /** Waits until a child's output holds {@code text}: it has connected. */
    private static void awaitOutput(Path output, String text, int seconds) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!Files.readString(output).contains(text)) {
            assertThat(System.nanoTime() - deadline).as("the initiator connected: %s", Files.readString(output)).isNegative();
            Thread.sleep(100);
        }
    }

    private static String firstDevice() {
        try (DeviceList list = DeviceList.open()) {
            return list.first().name();
        }
    }
}
