package rdma.write.perf;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import rdma.pingpong.PingpongOptions;
import rdma.support.Cli;
import rdma.testsupport.ProgramRun;
import rdma.write.Failure;
import rdma.write.Notify;
import rdma.write.OneSidedChecks;

/** perftest's option names and defaults, rc_pingpong's connection options, and the chapter's own. */
class OptionsTest {
    private static RdmaWriteMain parse(String... args) {
        return ProgramRun.parsed(RdmaWriteMain::new, args);
    }

    @Test
    void defaultsAreIbWriteLatsAndIbWriteBws() throws Exception {
        OneSidedChecks.assertPerftestDefaults("ib_write", args -> parse(args).options.perf);
    }

    /** Chapter 04's server and this one's can listen side by side. */
    @Test
    void theDefaultPortIsNotChapter04s() {
        assertThat(parse().options.perf.connection.port).isNotEqualTo(new PingpongOptions().connection.port);
    }

    @Test
    void namesFollowRcPingpongAndPerftest() {
        RdmaWriteMain main = parse("-p", "19000", "-d", "rxe1", "-i", "1", "-g", "1", "-s", "64", "-n", "10", "-m", "512", "-c",
                "--bw", "-t", "16", "-Q", "4", "--notify", "imm", "--fail", "wrong-rkey", "192.0.2.1");
        assertThat(main.options.perf.connection.host).isEqualTo("192.0.2.1");
        assertThat(main.options.perf.size()).isEqualTo(64);
        assertThat(main.options.perf.depth()).isEqualTo(10).as("never more in flight than there are messages");
        assertThat(main.options.perf.cqMod).isEqualTo(4);
        assertThat(main.options.perf.signalEvery()).isEqualTo(4);
        assertThat(parse("--bw", "-n", "10", "-Q", "100").options.perf.signalEvery()).as("never more than are in flight").isEqualTo(10);
        assertThat(main.options.notify).isEqualTo(Notify.imm);
        assertThat(main.options.fail).isEqualTo(Failure.wrong_rkey);
    }

    @Test
    void badValuesAreOneLineAndExitCode2() {
        ProgramRun notify = ProgramRun.of(RdmaWriteMain::run, "--notify", "smoke-signals");
        assertThat(notify.exitCode()).isEqualTo(Cli.USAGE_ERROR);
        assertThat(notify.stderr()).isEqualTo("05-rdma-write: Invalid value for option '--notify': expected poll, imm or send,"
                + " not 'smoke-signals' (see --help)\n");
        ProgramRun iters = ProgramRun.of(RdmaWriteMain::run, "-n", "1");
        assertThat(iters.exitCode()).isEqualTo(Cli.USAGE_ERROR);
        assertThat(iters.stderr()).contains("-n/--iters must be 2 or more for a latency test");
        assertThat(ProgramRun.of(RdmaWriteMain::run, "--fail", "everything").stderr())
                .contains("expected no-remote-write, wrong-rkey or past-end");
    }

    /** perftest's tools know only their own tests: watched through the last byte (lat) or told over TCP (bw), no pattern. */
    @Test
    void perftestsHandshakeIsForPerftestsOwnTests() {
        assertThat(parse("--perftest").options.invalid()).isNull();
        assertThat(parse("--perftest", "--bw").options.invalid()).isNull();
        assertThat(ProgramRun.of(RdmaWriteMain::run, "--perftest", "--notify", "imm").stderr())
                .contains("ib_write_lat learns of a message by watching its last byte: leave out --notify");
        assertThat(ProgramRun.of(RdmaWriteMain::run, "--perftest", "--bw", "--notify", "send").stderr())
                .contains("ib_write_bw's server learns of the end over TCP, not by a notification: leave out --notify");
        ProgramRun check = ProgramRun.of(RdmaWriteMain::run, "--perftest", "-c");
        assertThat(check.exitCode()).isEqualTo(Cli.USAGE_ERROR);
        assertThat(check.stderr()).contains("perftest's messages carry no pattern to check: leave out -c/--chk");
    }

    /** As ib_write_bw: a list asks for one completion unless -Q says otherwise, and -n and -Q must fit the list. */
    @Test
    void aPostListIsPerftests() {
        assertThat(parse("--bw", "--post_list", "16", "-n", "1600").options.perf.signalEvery()).isEqualTo(16);
        assertThat(parse("--bw", "--post_list", "16", "-n", "1600", "-Q", "4").options.perf.signalEvery()).isEqualTo(4);
        assertThat(parse("--bw").options.perf.signalEvery()).isEqualTo(100);
        assertRefused("--post_list is for the bandwidth test (a latency test has one message in flight): add --bw",
                "--post_list", "4");
        assertRefused("-n/--iters 5000 is not a multiple of --post_list 16: every post is a whole list",
                "--bw", "--post_list", "16");
        assertRefused("--post_list 16 is not a multiple of -Q/--cq-mod 5: a list asks for its completions at the same places"
                + " every time", "--bw", "--post_list", "16", "-n", "1600", "-Q", "5");
        assertRefused("--post_list 16 is more than the 8 messages allowed in flight (-t/--tx-depth): pass a larger -t or a"
                + " shorter list", "--bw", "--post_list", "16", "-n", "1600", "-t", "8");
        assertRefused("-t/--tx-depth, -Q/--cq-mod and --post_list must be 1 or more", "--bw", "--post_list", "0");
    }

    private static void assertRefused(String problem, String... args) {
        ProgramRun run = ProgramRun.of(RdmaWriteMain::run, args);
        assertThat(run.exitCode()).isEqualTo(Cli.USAGE_ERROR);
        assertThat(run.stderr()).isEqualTo("05-rdma-write: " + problem + " (see --help)\n");
    }
}
