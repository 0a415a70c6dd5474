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

    /** ib_write_lat has one test, watched through the last byte, with no pattern to check: --perftest is that test. */
    @Test
    void perftestsHandshakeIsForIbWriteLatsTestAlone() {
        assertThat(parse("--perftest").options.invalid()).isNull();
        assertThat(ProgramRun.of(RdmaWriteMain::run, "--perftest", "--bw").stderr())
                .isEqualTo("05-rdma-write: --perftest speaks ib_write_lat's handshake, not ib_write_bw's (which also trades"
                        + " results): leave out --bw (see --help)\n");
        assertThat(ProgramRun.of(RdmaWriteMain::run, "--perftest", "--notify", "imm").stderr())
                .contains("ib_write_lat learns of a message by watching its last byte: leave out --notify");
        ProgramRun check = ProgramRun.of(RdmaWriteMain::run, "--perftest", "-c");
        assertThat(check.exitCode()).isEqualTo(Cli.USAGE_ERROR);
        assertThat(check.stderr()).contains("ib_write_lat's messages carry no pattern to check: leave out -c/--chk");
    }
}
