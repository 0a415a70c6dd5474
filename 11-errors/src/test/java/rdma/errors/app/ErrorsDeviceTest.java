package rdma.errors.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import rdma.testsupport.ProgramRun;
import rdma.testsupport.RequiresDevice;

/**
 * Each error completion provoked on a real device, and both QPs recovered after it: the statuses
 * the requester and the responder get, the states their QPs are left in, and a SEND that works
 * again afterwards. The leak check then proves that recovery left nothing behind.
 */
@RequiresDevice
class ErrorsDeviceTest {
    private static ProgramRun run(String... args) {
        return ProgramRun.of(ErrorsMain::run, args).assertSucceeded();
    }

    @Test
    void aBadRkeyFailsTheWriteFlushesWhatWasBehindItAndFailsTheResponderToo() {
        String out = run("--case", "rem-access").stdout();
        assertThat(out).contains("requester: wr 1 (WRITE, rkey one off): IBV_WC_REM_ACCESS_ERR (remote access error)",
                "requester: wr 2 (WRITE, good rkey): IBV_WC_WR_FLUSH_ERR", "requester: wr 3 (WRITE, good rkey): IBV_WC_WR_FLUSH_ERR",
                "responder: wr 1 (RECV of 64 bytes): IBV_WC_WR_FLUSH_ERR", "states: requester ERR, responder ERR",
                "requester: wr 4 (SEND of 64 bytes, after recovery): IBV_WC_SUCCESS",
                "responder: wr 2 (RECV of 64 bytes): IBV_WC_SUCCESS", "recovered: ");
    }

    /** The IBA's pair of statuses, or soft-RoCE's (kernel 6.1), which takes the receive for a malformed one. */
    @Test
    void aSendLargerThanItsReceiveFailsOnBothSides() {
        String out = run("--case", "len").stdout();
        assertThat(out).containsAnyOf("requester: wr 1 (SEND of 4096 bytes): IBV_WC_REM_INV_REQ_ERR",
                "requester: wr 1 (SEND of 4096 bytes): IBV_WC_REM_OP_ERR");
        assertThat(out).containsAnyOf("responder: wr 1 (RECV of 64 bytes): IBV_WC_LOC_LEN_ERR",
                "responder: wr 1 (RECV of 64 bytes): IBV_WC_LOC_QP_OP_ERR");
        assertThat(out).contains("states: requester ERR, responder ERR", "requester: wr 2 (SEND of 64 bytes, after recovery): IBV_WC_SUCCESS");
    }

    @Test
    void noReceiveFailsASendAtOnceWithRnrRetryZeroAndWaitsWithSeven() {
        String out = run("--case", "rnr").stdout();
        assertThat(out).contains("requester: wr 1 (SEND of 64 bytes): IBV_WC_RNR_RETRY_EXC_ERR",
                "states: requester ERR, responder RTS", "requester: wr 2 (SEND of 64 bytes): IBV_WC_SUCCESS",
                "responder: wr 1 (RECV of 64 bytes): IBV_WC_SUCCESS", "states: requester RTS, responder RTS");
        assertThat(number(out, "the SEND completed (\\d+) ms after it was posted")).as("the wait for the late receive")
                .isGreaterThanOrEqualTo(100);
    }

    /**
     * The retries take their budget: four tries of the timeout, for each of three timeouts.
     * Soft-RoCE counts the timeout in the kernel's ticks (4 ms at 250 Hz), so a little less than
     * the budget is allowed; more is expected, as the timeout is a minimum.
     */
    @Test
    void aPeerWhoseQpWentBackToResetIsNoticedOnceTheRetriesRunOut() {
        String out = run("--case", "retry").stdout();
        assertThat(out).contains("requester: wr 1 (SEND of 64 bytes, timeout 10): IBV_WC_RETRY_EXC_ERR (transport retry counter exceeded)",
                "requester: wr 3 (SEND of 64 bytes, timeout 14): IBV_WC_RETRY_EXC_ERR", "states: requester ERR, responder RESET",
                "requester: wr 4 (SEND of 64 bytes, after recovery): IBV_WC_SUCCESS");
        assertThat(number(out, "timeout 12: failed after (\\d+) ms")).isBetween(55L, 5_000L);
        assertThat(number(out, "timeout 14: failed after (\\d+) ms")).isBetween(220L, 5_000L);
    }

    /** The CQ holds what it has room for; the one completion more is lost, and reported outside any work request. */
    @Test
    void aCqThatOverrunsRaisesCqErrAndLosesTheCompletionsPastItsRoom() {
        String out = run("--case", "cq-overrun").stdout();
        long room = number(out, "into a CQ with room for (\\d+), none polled");
        assertThat(out).contains("requester: async event ", ": IBV_EVENT_CQ_ERR (CQ error)",
                "requester: IBV_EVENT_CQ_ERR came; its CQ held " + room + " completions (" + room + " successful) of the "
                        + (room + 1) + " WRITEs", "requester: its context, PD, buffer, CQ and QP made again",
                "requester: wr 1 (SEND of 64 bytes, after recovery): IBV_WC_SUCCESS");
    }

    @Test
    void everyCaseRunsInTurnWithoutArguments() {
        String out = run().stdout();
        assertThat(out.lines().filter(line -> line.startsWith("recovered: "))).hasSize(5);
        assertThat(out).contains("--- rem-access", "--- len", "--- rnr", "--- retry", "--- cq-overrun");
    }

    @Test
    void anUnknownCaseIsOneLineAndExitCodeTwo() {
        ProgramRun run = ProgramRun.of(ErrorsMain::run, "--case", "timeout");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr().lines()).hasSize(1).first().asString().contains("rem-access, len, rnr, retry or cq-overrun");
    }

    @Test
    void anUnknownDeviceIsOneLineAndExitCodeOne() {
        ProgramRun run = ProgramRun.of(ErrorsMain::run, "-d", "nosuch0");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stderr().lines()).hasSize(1).first().asString().contains("nosuch0");
    }

    private static long number(String out, String regex) {
        Matcher matcher = Pattern.compile(regex).matcher(out);
        assertThat(matcher.find()).as("%s in:%n%s", regex, out).isTrue();
        return Long.parseLong(matcher.group(1));
    }
}
