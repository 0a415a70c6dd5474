package rdma.write.perf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import rdma.devices.Cli;
import rdma.queues.WcStatus;
import rdma.testsupport.Allocation;
import rdma.testsupport.FreePorts;
import rdma.testsupport.KilledPeer;
import rdma.testsupport.LabDevices;
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
    private static ProgramRun demo(String... args) {
        List<String> all = new ArrayList<>(List.of("--demo", "-p", String.valueOf(FreePorts.next())));
        all.addAll(List.of(args));
        return ProgramRun.of(RdmaWriteMain::run, all.toArray(String[]::new));
    }

    @ParameterizedTest
    @ValueSource(strings = {"poll", "imm", "send"})
    void theLatencyTestRunsWithEachNotification(String notify) {
        ProgramRun run = demo("-n", "200", "-s", "64", "-c", "--notify", notify);

        run.assertSucceeded();
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

        run.assertSucceeded();
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

        assertThat(run.stdout()).contains("[client] --fail " + failure + ": this write should be refused by the target's device");
        run.assertFailedWith("[client] 05-rdma-write: ibv_poll_cq(initiator): work request 0 completed with remote access error"
                + " (status 10). " + WcStatus.IBV_WC_REM_ACCESS_ERR.hint());
    }

    /**
     * The target's program gets no completion for a write its device refused, but its QP is not
     * unharmed: the responder of a remote access error moves to the error state too. The target,
     * a process of its own, says so when its peer is gone.
     */
    @Test
    void aRefusedWriteLeavesTheTargetsQpInError() throws Exception {
        LabDevices lab = LabDevices.find();
        int port = FreePorts.next();
        CompletableFuture<ProgramRun> target = CompletableFuture.supplyAsync(() ->
                ProgramRun.of(RdmaWriteMain::run, lab.args(lab.server(), port).toArray(String[]::new)));
        Listening.await(port, 30_000);

        ProgramRun initiator = ProgramRun.of(RdmaWriteMain::run,
                lab.args(lab.client(), port, "--fail", "wrong-rkey", "localhost").toArray(String[]::new));

        assertThat(initiator.stderr()).contains("remote access error (status 10)");
        target.get(60, TimeUnit.SECONDS).assertFailedWith("05-rdma-write: target: waiting for the peer's write: the peer closed its"
                + " connection: it failed or was stopped (and this side's QP is in ERR: its device ended the connection too)."
                + " Look at the other side's output");
    }

    @Test
    void oneByteMessages() {
        ProgramRun run = demo("--bw", "-s", "1", "-n", "100", "-c", "--notify", "send");

        run.assertSucceeded();
        assertThat(run.stdout()).contains("[server] -c: all 1 byte of the last message arrived intact");
    }

    /** Larger than the port's max_msg_sz (8 MiB on soft-RoCE), so each message is written in pieces. */
    @Test
    void aGibibyteMessageArrivesIntact() {
        ProgramRun run = demo("--bw", "-s", String.valueOf(1 << 30), "-n", "1", "-c", "--notify", "imm");

        run.assertSucceeded();
        assertThat(run.stdout()).contains("[server] -c: all 1073741824 bytes of the last message arrived intact");
    }

    /** More messages in flight than the device's queues hold is refused before any peer is involved, naming the options. */
    @Test
    void aSendQueueLargerThanTheDeviceHoldsIsOneLineNamingTheOptions() {
        ProgramRun run = demo("--bw", "-t", "1000000", "-n", "1000000", "-s", "64");

        assertThat(run.exitCode()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(run.stderr()).hasLineCount(1).startsWith("[server] 05-rdma-write: -s/--size 64 with -t/--tx-depth 1000000:"
                + " 1000000 messages in flight of one work request each need 1000002 places in the send queue, more than ")
                .endsWith("Pass a smaller -t/--tx-depth or -s/--size\n");
    }

    /** The target notices an initiator that was killed mid-transfer within seconds: its TCP connection closed. */
    @Test
    void aKilledInitiatorIsNoticedByTheTarget() throws Exception {
        int port = FreePorts.next();
        List<String> test = List.of("--bw", "-n", "100000000", "-s", "4096", "-p", String.valueOf(port));
        List<String> target = new ArrayList<>(test);
        target.addAll(List.of("-d", LabDevices.find().server()));

        KilledPeer killed = KilledPeer.run(RdmaWriteMain::run, target, port, RdmaWriteMain.class, test, "remote buffer:");

        assertThat(killed.secondsToNotice()).as("seconds until the target noticed").isLessThan(5);
        assertThat(killed.survivor().exitCode()).as(killed.peerOutput()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(killed.survivor().stderr()).hasLineCount(1).isEqualTo("05-rdma-write: target: waiting for the initiator's"
                + " flag: the peer closed its connection: it failed or was stopped. Look at the other side's output\n");
    }

    /** The initiator's loops create no object in their steady state: 4000 more messages allocate less than 4000 bytes more. */
    @ParameterizedTest
    @ValueSource(strings = {"--bw", "--latency"})
    void theSteadyStateLoopsAllocateNothing(String test) throws Exception {
        Allocation.assertLoopAllocatesNothing(iters -> {
            List<String> args = new ArrayList<>(List.of("-n", String.valueOf(iters), "-s", "64"));
            if (test.equals("--bw")) {
                args.add("--bw");
            }
            ProgramRun run = demo(args.toArray(String[]::new));
            assertThat(run.exitCode()).as(run.stderr()).isZero();
        }, 1000, 5000, "the initiator's " + test + " loop");
    }
}
