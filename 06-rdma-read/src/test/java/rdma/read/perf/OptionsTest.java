package rdma.read.perf;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import rdma.pingpong.PingpongOptions;
import rdma.support.Cli;
import rdma.testsupport.Perftest;
import rdma.testsupport.ProgramRun;
import rdma.write.OneSidedChecks;
import rdma.write.WriteOptions;

/** perftest's option names and defaults for ib_read_lat and ib_read_bw, and the chapter's own. */
class OptionsTest {
    private static RdmaReadMain parse(String... args) {
        return ProgramRun.parsed(RdmaReadMain::new, args);
    }

    @Test
    void defaultsAreIbReadLatsAndIbReadBws() throws Exception {
        OneSidedChecks.assertPerftestDefaults("ib_read", args -> parse(args).options);
    }

    /** perftest names the outstanding reads -o/--outs too, and defaults them to what the device allows. */
    @Test
    void outsIsPerftestsOption() throws Exception {
        assertThat(Perftest.usage("ib_read_bw")).containsPattern("(?m)^\\s+-o, --outs=<num>");
        assertThat(parse().outs).as("no -o: the device's most").isNull();
        assertThat(parse("-o", "4").outs).isEqualTo(4);
    }

    /** The servers of chapters 04 and 05 and this one's can listen side by side. */
    @Test
    void theDefaultPortIsNotChapter04sNor05s() {
        assertThat(parse().options.connection.port).isNotIn(new PingpongOptions().connection.port, WriteOptions.PORT);
    }

    @Test
    void namesFollowRcPingpongAndPerftest() {
        RdmaReadMain main = parse("-p", "19000", "-d", "rxe1", "-i", "1", "-g", "1", "-s", "64", "-n", "10", "-m", "512", "-c",
                "--bw", "-t", "16", "-Q", "4", "-o", "8", "--fail", "no-local-write", "192.0.2.1");
        assertThat(main.options.connection.host).isEqualTo("192.0.2.1");
        assertThat(main.options.size()).isEqualTo(64);
        assertThat(main.options.depth()).isEqualTo(10);
        assertThat(main.fail).isEqualTo(Failure.no_local_write);
    }

    @Test
    void badValuesAreOneLineAndExitCode2() {
        ProgramRun outs = ProgramRun.of(RdmaReadMain::run, "-o", "0");
        assertThat(outs.exitCode()).isEqualTo(Cli.USAGE_ERROR);
        assertThat(outs.stderr()).isEqualTo("06-rdma-read: -o/--outs must be 1 or more (see --help)\n");
        ProgramRun fail = ProgramRun.of(RdmaReadMain::run, "--fail", "no-remote-write");
        assertThat(fail.exitCode()).isEqualTo(Cli.USAGE_ERROR);
        assertThat(fail.stderr()).contains("expected no-remote-read, wrong-rkey, past-end or no-local-write, not 'no-remote-write'");
    }
}
