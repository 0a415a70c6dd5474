package rdma.read.perf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import rdma.support.Cli;
import rdma.testsupport.FreePorts;
import rdma.testsupport.LabDevices;
import rdma.testsupport.ProgramRun;
import rdma.testsupport.RequiresDevice;
import rdma.testsupport.ServerAndClient;
import rdma.write.OneSidedChecks;

/**
 * RDMA READ on a real device: both tests with the pattern checked, the target idle, the
 * negotiated READs in flight, the access errors on purpose, sizes from 1 byte to several times
 * max_msg_sz, an initiator that dies, and loops that allocate nothing.
 */
@RequiresDevice
class ReadDeviceTest {
    private static ProgramRun demo(String... args) {
        return ProgramRun.demo(RdmaReadMain::run, args);
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

        run.assertSucceeded();
        assertThat(run.stdout()).contains("[client]                     RDMA_Read Latency Test",
                        "[client]  #bytes #iterations    t_min[usec]", "[client] 12800 bytes in ", "[client] 200 iters in ",
                        "[client] -c: all 64 bytes read match the target's pattern")
                .containsPattern("\\[client\\]  64      200 +[0-9.]+ ");
        assertTheTargetOnlyWaited(run, 64);
    }

    @Test
    void theBandwidthTestKeepsTheNegotiatedReadsInFlight() {
        ProgramRun run = demo("--bw", "-n", "300", "-s", "4096", "-c", "-o", "4");

        run.assertSucceeded();
        assertThat(run.stdout()).contains("[client]  #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]",
                        "[client]   reads in flight: at most 4 (max_rd_atomic: the fewer of this side's 4 and the 4 the peer serves)",
                        "[server]   local reads:    serves 4 RDMA READs at once (max_dest_rd_atomic)",
                        "[client] -c: all 4096 bytes read match the target's pattern")
                .containsPattern("\\[client\\]  4096       300 +[0-9.]+ +[0-9.]+");
        assertTheTargetOnlyWaited(run, 4096);
    }

    /** Chapter 05's post list, for READs: 8 to an ibv_post_send, all read and checked. */
    @Test
    void theBandwidthTestPostsAListOfReadsAtATime() {
        ProgramRun run = demo("--bw", "-n", "400", "-s", "4096", "-c", "--post_list", "8");

        run.assertSucceeded();
        assertThat(run.stdout()).contains("[client] -c: all 4096 bytes read match the target's pattern")
                .containsPattern("\\[client\\]  4096       400 +[0-9.]+ +[0-9.]+");
        assertTheTargetOnlyWaited(run, 4096);
    }

    /** Two processes' worth of options: the target serves 2, the initiator would issue 16, and issues 2. */
    @Test
    void theInitiatorIssuesNoMoreThanTheTargetServes() throws Exception {
        ServerAndClient run = ServerAndClient.onTheLab(RdmaReadMain::run, List.of("--bw", "-n", "200", "-s", "4096", "-o", "2"),
                List.of("--bw", "-n", "200", "-s", "4096", "-o", "16", "-c"));

        assertThat(run.client().stderr()).as(run.client().stdout()).isEmpty();
        assertThat(run.client().stdout()).contains(
                "  reads in flight: at most 2 (max_rd_atomic: the fewer of this side's 16 and the 2 the peer serves)",
                "-c: all 4096 bytes read match the target's pattern");
        assertThat(run.server().exitCode()).isZero();
    }

    @Test
    void outsAboveTheDevicesLimitIsRefusedWithIt() {
        ProgramRun run = ProgramRun.of(RdmaReadMain::run, "-o", "255", "-d", LabDevices.find().server(), "-p",
                String.valueOf(FreePorts.next()));

        assertThat(run.exitCode()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(run.stderr()).hasLineCount(1).containsPattern("^06-rdma-read: -o/--outs 255: \\S+ serves at most \\d+ RDMA"
                + " READs at once per QP \\(max_qp_rd_atom\\) and issues at most \\d+ \\(max_qp_init_rd_atom\\). Pass -o \\d+ or less\n$");
    }

    /** Refused by the target's device, each way: the initiator's completion says so, and the target's QP ends too. */
    @Test
    void eachAccessErrorIsRefusedByTheTarget() throws Exception {
        OneSidedChecks.assertRefusedByTheTarget(RdmaReadMain::run, "06-rdma-read", "read", List.of("no-remote-read", "wrong-rkey", "past-end"),
                "06-rdma-read: target: waiting for the initiator:"
                        + " the peer closed its connection before it finished: it failed or was stopped (and this side's QP is"
                        + " in ERR: its device ended the connection too). Look at the other side's output");
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

        run.assertSucceeded();
        assertThat(run.stdout()).contains("[client] -c: all 1 byte read match the target's pattern");
    }

    /**
     * Larger than the port's max_msg_sz (8 MiB on soft-RoCE), so each message is read in pieces:
     * three whole ones and a partial fourth, in each of four messages.
     */
    @Test
    void aMessageOfSeveralPiecesIsReadIntact() {
        ProgramRun run = demo("--bw", "-s", String.valueOf(OneSidedChecks.SEVERAL_PIECES), "-n", "4", "-c");

        run.assertSucceeded();
        assertThat(run.stdout())
                .contains("[client] -c: all " + OneSidedChecks.SEVERAL_PIECES + " bytes read match the target's pattern");
    }

    /** The target notices an initiator that was killed mid-run within seconds, and tells it from one that finished. */
    @Test
    void aKilledInitiatorIsNoticedByTheTarget() throws Exception {
        OneSidedChecks.assertAKilledInitiatorIsNoticed(RdmaReadMain::run, RdmaReadMain.class, "reads in flight:",
                "06-rdma-read: target: waiting for the initiator: the peer closed its"
                + " connection before it finished: it failed or was stopped. Look at the other side's output");
    }

    /** A message so large that its READs do not fit the device's queues is refused, naming the size and the fix. */
    @Test
    void aSizeWhoseReadsDoNotFitTheQueuesIsOneLineNamingIt() {
        ProgramRun run = demo("--bw", "-s", "2147483647");

        assertThat(run.exitCode()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(run.stderr()).hasLineCount(1).startsWith("[server] 06-rdma-read: -s/--size 2147483647 with -t/--tx-depth 128:")
                .contains(" work requests each (one moves at most max_msg_sz ")
                .endsWith("Pass a smaller -t/--tx-depth or -s/--size\n");
    }

    /** The initiator's loops create no object in their steady state. */
    @Test
    void theSteadyStateLoopsAllocateNothing() throws Exception {
        OneSidedChecks.assertTheInitiatorsLoopsAllocateNothing(RdmaReadMain::run);
    }
}
