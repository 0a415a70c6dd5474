package rdma.write.perf;

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
 * RDMA WRITE on a real device: both tests, each way of notifying the target, the access errors
 * on purpose, the target's idleness, sizes from 1 byte to 1 GiB, a peer that dies, and a loop
 * that allocates nothing.
 */
@RequiresDevice
class WriteDeviceTest {
    private static final AtomicInteger NEXT_PORT = new AtomicInteger(18700);

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
        return ProgramRun.of(RdmaWriteMain::run, all.toArray(String[]::new));
    }

    @ParameterizedTest
    @ValueSource(strings = {"poll", "imm", "send"})
    void theLatencyTestRunsWithEachNotification(String notify) {
        ProgramRun run = demo("-n", "200", "-s", "64", "-c", "--notify", notify);

        assertThat(run.stderr()).as(run.stdout()).isEmpty();
        assertThat(run.exitCode()).isZero();
        for (String side : List.of("[server] ", "[client] ")) {
            assertThat(run.stdout()).contains(side + "                    RDMA_Write Latency Test",
                    side + " #bytes #iterations    t_min[usec]", side + "12800 bytes in ", side + "200 iters in ")
                    .containsPattern(java.util.regex.Pattern.quote(side) + " 64      200 +[0-9.]+ ")
                    .contains(side + "-c: all " + (notify.equals("poll") ? 63 : 64) + " bytes of the last message arrived intact");
        }
    }

    /**
     * The target of a bandwidth test posts nothing and takes no completion when it watches memory,
     * one receive and one completion otherwise; the data arrives all the same, checked byte by byte.
     */
    @ParameterizedTest
    @ValueSource(strings = {"poll", "imm", "send"})
    void theTargetOfTheBandwidthTestOnlyWaits(String notify) {
        ProgramRun run = demo("--bw", "-n", "300", "-s", "4096", "-c", "--notify", notify);

        assertThat(run.stderr()).as(run.stdout()).isEmpty();
        assertThat(run.exitCode()).isZero();
        assertThat(run.stdout()).contains("[client]  #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]")
                .containsPattern("\\[client\\]  4096       300 +[0-9.]+ +[0-9.]+")
                .contains("[server] target: 1228800 bytes arrived in 300 messages by RDMA WRITE while this side waited ")
                .contains("[server] -c: all 4096 bytes of the last message arrived intact");
        String expected = switch (notify) {
            case "poll" -> "posted 0 receive(s), took 0 completions (it watched the flag byte in memory)";
            case "imm" -> "posted 1 receive(s), took 1 completion (RECV_RDMA_WITH_IMM (129), imm_data 300)";
            default -> "posted 1 receive(s), took 1 completion (RECV (128))";
        };
        assertThat(run.stdout()).contains("[server] target: meanwhile it " + expected + ", and used ");
    }

    @ParameterizedTest
    @ValueSource(strings = {"no-remote-write", "wrong-rkey", "past-end"})
    void eachAccessErrorEndsInRemAccessErr(String failure) {
        ProgramRun run = demo("--fail", failure);

        assertThat(run.exitCode()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(run.stdout()).contains("[client] --fail " + failure + ": this write should be refused by the target's device");
        assertThat(run.stderr()).hasLineCount(1).isEqualTo("[client] 05-rdma-write: ibv_poll_cq(initiator): work request 0"
                + " completed with remote access error (status 10). The peer refused the access: the rkey, the address range"
                + " or the remote MR's access flags (REMOTE_WRITE, REMOTE_READ) do not allow it\n");
    }

    @Test
    void oneByteMessages() {
        ProgramRun run = demo("--bw", "-s", "1", "-n", "100", "-c", "--notify", "send");

        assertThat(run.stderr()).as(run.stdout()).isEmpty();
        assertThat(run.exitCode()).isZero();
        assertThat(run.stdout()).contains("[server] -c: all 1 byte of the last message arrived intact");
    }

    /** Larger than the port's max_msg_sz (8 MiB on soft-RoCE), so each message is written in pieces. */
    @Test
    void aGibibyteMessageArrivesIntact() {
        ProgramRun run = demo("--bw", "-s", String.valueOf(1 << 30), "-n", "1", "-c", "--notify", "imm");

        assertThat(run.stderr()).as(run.stdout()).isEmpty();
        assertThat(run.exitCode()).isZero();
        assertThat(run.stdout()).contains("[server] -c: all 1073741824 bytes of the last message arrived intact");
    }

    /** The target notices an initiator that was killed mid-transfer within seconds: its TCP connection closed. */
    @Test
    void aKilledInitiatorIsNoticedByTheTarget() throws Exception {
        int port = NEXT_PORT.getAndIncrement();
        CompletableFuture<ProgramRun> target = CompletableFuture.supplyAsync(() ->
                ProgramRun.of(RdmaWriteMain::run, "--bw", "-n", "100000000", "-s", "4096", "-d", firstDevice(), "-p", String.valueOf(port)));
        Listening.await(port, 30_000);
        Path output = Files.createTempFile("initiator", ".txt");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), RdmaWriteMain.class.getName(), "--bw", "-n", "100000000", "-s", "4096",
                "-p", String.valueOf(port), "localhost"));
        Process initiator = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        awaitOutput(output, "remote buffer:", 60);
        Thread.sleep(2_000); // the writes are under way
        initiator.destroyForcibly().waitFor();
        long killed = System.nanoTime();

        ProgramRun run = target.get(60, TimeUnit.SECONDS);

        assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - killed)).as("seconds until the target noticed").isLessThan(5);
        assertThat(run.exitCode()).as(Files.readString(output)).isEqualTo(Cli.VERBS_ERROR);
        assertThat(run.stderr()).hasLineCount(1).isEqualTo("05-rdma-write: target: waiting for the initiator's flag: the peer"
                + " closed its connection: it failed or was stopped. Look at the other side's output\n");
    }

    /** The initiator's loops create no object in their steady state, watched from outside as chapter 04's. */
    @ParameterizedTest
    @ValueSource(strings = {"--bw", "--latency"})
    void theSteadyStateLoopsAllocateNothing(String test) {
        int iters = 4000;
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long[] allocatedAt = new long[2];
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        PrintStream print = new PrintStream(output, true, StandardCharsets.UTF_8);
        RdmaWriteMain main = new RdmaWriteMain(print, print).observe(messages -> {
            if (Thread.currentThread().getName().equals("server")) {
                return; // the demo's server runs in a thread of that name; the client is this test's thread
            }
            if (messages >= iters / 2 && allocatedAt[0] == 0) {
                allocatedAt[0] = threads.getCurrentThreadAllocatedBytes();
            } else if (messages == iters) {
                allocatedAt[1] = threads.getCurrentThreadAllocatedBytes();
            }
        });
        List<String> args = new ArrayList<>(List.of("--demo", "-n", String.valueOf(iters), "-s", "64", "-p",
                String.valueOf(NEXT_PORT.getAndIncrement())));
        if (test.equals("--bw")) {
            args.add("--bw");
        }

        int exitCode = Cli.run(main, args.toArray(String[]::new), print, print);

        assertThat(exitCode).as(output.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(allocatedAt[1] - allocatedAt[0])
                .as("bytes allocated by the client's loop over its second half (%s)", test).isLessThan(iters / 2);
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
