package rdma.write;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import rdma.queues.c.WcStatus;
import rdma.support.Cli;
import rdma.testsupport.Allocation;
import rdma.testsupport.FreePorts;
import rdma.testsupport.KilledPeer;
import rdma.testsupport.LabDevices;
import rdma.testsupport.Perftest;
import rdma.testsupport.ProgramRun;
import rdma.testsupport.ServerAndClient;
import rdma.write.perftest.PerfOptions;

/**
 * What every perftest-like program of the one-sided chapters is checked for, by this chapter's
 * tests and by those of the chapters that build on its library: perftest's defaults, a refused
 * access seen from both sides, and the size of a message that moves in pieces.
 */
public final class OneSidedChecks {
    /**
     * A message size above the port's max_msg_sz, moved in pieces: three of soft-RoCE's 8 MiB and
     * a partial fourth of 12345 bytes.
     */
    public static final int SEVERAL_PIECES = 3 * (8 << 20) + 12345;

    private OneSidedChecks() {
    }

    /**
     * Fails unless the options {@code parse} makes have the defaults perftest's usage states:
     * {@code tool + "_lat"}'s without {@code --bw}, {@code tool + "_bw"}'s with it.
     */
    public static void assertPerftestDefaults(String tool, Function<String[], PerfOptions> parse) throws Exception {
        PerfOptions latency = parse.apply(new String[0]);
        Perftest.assertDefaults(tool + "_lat", Map.of("-s", latency.size(), "-n", latency.iters()));
        PerfOptions bandwidth = parse.apply(new String[] {"--bw"});
        Perftest.assertDefaults(tool + "_bw", Map.of("-s", bandwidth.size(), "-n", bandwidth.iters(), "-t", bandwidth.txDepth));
    }

    /**
     * Each access error on purpose, as {@code --fail} names them: fails unless the demo ends in the
     * initiator's completion with IBV_WC_REM_ACCESS_ERR. The target's program takes no completion for
     * it, but the responder of a remote access error moves its QP to the error state: run as two
     * processes would (a wrong rkey), fails unless the target then ends with exactly
     * {@code targetLine}, which says so.
     */
    public static void assertRefusedByTheTarget(ProgramRun.Program program, String chapter, String verb, List<String> failures,
            String targetLine) throws Exception {
        for (String failure : failures) {
            ProgramRun run = ProgramRun.demo(program, "--fail", failure);

            assertThat(run.stdout()).contains("[client] --fail " + failure + ": this " + verb
                    + " should be refused by the target's device");
            run.assertFailedWith("[client] " + chapter + ": ibv_poll_cq(initiator): work request 0 completed with remote"
                    + " access error (status 10). " + WcStatus.IBV_WC_REM_ACCESS_ERR.hint());
        }
        ServerAndClient apart = ServerAndClient.onTheLab(program, List.of(), List.of("--fail", "wrong-rkey"));

        assertThat(apart.client().stderr()).contains("remote access error (status 10)");
        apart.server().assertFailedWith(targetLine);
    }

    /**
     * A target whose initiator is killed mid-run (a bandwidth test of 4 KiB messages, killed once it
     * printed {@code readyLine}) notices within seconds, and fails unless it ends with exactly
     * {@code targetLine}.
     */
    public static void assertAKilledInitiatorIsNoticed(ProgramRun.Program program, Class<?> main, String readyLine,
            String targetLine) throws Exception {
        int port = FreePorts.next();
        List<String> test = List.of("--bw", "-n", "100000000", "-s", "4096", "-p", String.valueOf(port));
        List<String> target = new ArrayList<>(test);
        target.addAll(List.of("-d", LabDevices.find().server()));

        KilledPeer killed = KilledPeer.run(program, target, port, main, test, readyLine);

        assertThat(killed.secondsToNotice()).as("seconds until the target noticed").isLessThan(5);
        assertThat(killed.survivor().exitCode()).as(killed.peerOutput()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(killed.survivor().stderr()).isEqualTo(targetLine + "\n");
    }

    /**
     * The initiator's loops, bandwidth and latency, create no object in their steady state: 4000
     * more messages allocate less than 4000 bytes more, beyond the latency report's two arrays of
     * a long per iteration (every start, made before the loop; the round trips it sorts, after).
     */
    public static void assertTheInitiatorsLoopsAllocateNothing(ProgramRun.Program program) throws Exception {
        for (boolean bandwidth : new boolean[] {true, false}) {
            Allocation.assertLoopAllocatesNothing(iters -> {
                List<String> args = new ArrayList<>(List.of("-n", String.valueOf(iters), "-s", "64"));
                if (bandwidth) {
                    args.add("--bw");
                }
                ProgramRun run = ProgramRun.demo(program, args.toArray(String[]::new));
                assertThat(run.exitCode()).as(run.stderr()).isZero();
            }, 1000, 5000, bandwidth ? "the initiator's bandwidth loop" : "the initiator's latency loop", bandwidth ? 0 : 2 * Long.BYTES);
        }
    }
}
