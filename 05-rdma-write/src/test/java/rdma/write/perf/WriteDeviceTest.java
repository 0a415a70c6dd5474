package rdma.write.perf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import rdma.support.Cli;
import rdma.testsupport.ProgramRun;
import rdma.testsupport.RequiresDevice;
import rdma.write.OneSidedChecks;

/**
 * RDMA WRITE on a real device: both tests, each way of notifying the target, the access errors
 * on purpose, the target's idleness, sizes from 1 byte to several times max_msg_sz, a peer that
 * dies, and a loop that allocates nothing.
 */
@RequiresDevice
class WriteDeviceTest {
    private static ProgramRun demo(String... args) {
        return ProgramRun.demo(RdmaWriteMain::run, args);
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

    /** Refused by the target's device, each way: the initiator's completion says so, and the target's QP ends too. */
    @Test
    void eachAccessErrorIsRefusedByTheTarget() throws Exception {
        OneSidedChecks.assertRefusedByTheTarget(RdmaWriteMain::run, "05-rdma-write", "write", List.of("no-remote-write", "wrong-rkey", "past-end"),
                "05-rdma-write: target: waiting for the peer's write:"
                        + " the peer closed its connection: it failed or was stopped (and this side's QP is in ERR: its device"
                        + " ended the connection too). Look at the other side's output");
    }

    @Test
    void oneByteMessages() {
        ProgramRun run = demo("--bw", "-s", "1", "-n", "100", "-c", "--notify", "send");

        run.assertSucceeded();
        assertThat(run.stdout()).contains("[server] -c: all 1 byte of the last message arrived intact");
    }

    /**
     * Larger than the port's max_msg_sz (8 MiB on soft-RoCE), so each message is written in
     * pieces: three whole ones and a partial fourth, in each of four messages.
     */
    @Test
    void aMessageOfSeveralPiecesArrivesIntact() {
        ProgramRun run = demo("--bw", "-s", String.valueOf(OneSidedChecks.SEVERAL_PIECES), "-n", "4", "-c", "--notify", "imm");

        run.assertSucceeded();
        assertThat(run.stdout())
                .contains("[server] -c: all " + OneSidedChecks.SEVERAL_PIECES + " bytes of the last message arrived intact");
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
        OneSidedChecks.assertAKilledInitiatorIsNoticed(RdmaWriteMain::run, RdmaWriteMain.class, "remote buffer:",
                "05-rdma-write: target: waiting for the initiator's flag: the peer"
                + " closed its connection: it failed or was stopped. Look at the other side's output");
    }

    /** The initiator's loops create no object in their steady state. */
    @Test
    void theSteadyStateLoopsAllocateNothing() throws Exception {
        OneSidedChecks.assertTheInitiatorsLoopsAllocateNothing(RdmaWriteMain::run);
    }
}
