package rdma.write.perf;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import rdma.devices.Cli;
import rdma.testsupport.ExternalCommand;
import rdma.testsupport.ProgramRun;

/** perftest's option names and defaults, rc_pingpong's connection options, and the chapter's own. */
class OptionsTest {
    private static RdmaWriteMain parse(String... args) {
        PrintStream nowhere = new PrintStream(OutputStream.nullOutputStream());
        RdmaWriteMain main = new RdmaWriteMain(nowhere, nowhere);
        new CommandLine(main).parseArgs(args);
        return main;
    }

    /** perftest's own usage text: "-s, --size=<size>  Size of message to exchange (default 65536)". */
    private static String defaultIn(String tool, String option) throws Exception {
        String usage = ExternalCommand.run(null, List.of(tool, "-h"), "apt-get install perftest").stdout();
        Matcher line = Pattern.compile("(?m)^\\s+" + option + ", .*default (\\d+)\\)").matcher(usage);
        assertThat(line.find()).as("%s in the usage of %s", option, tool).isTrue();
        return line.group(1);
    }

    @Test
    void latencyDefaultsAreIbWriteLats() throws Exception {
        RdmaWriteMain main = parse();
        assertThat(String.valueOf(main.options.size())).isEqualTo(defaultIn("ib_write_lat", "-s"));
        assertThat(String.valueOf(main.options.iters())).isEqualTo(defaultIn("ib_write_lat", "-n"));
    }

    @Test
    void bandwidthDefaultsAreIbWriteBws() throws Exception {
        RdmaWriteMain main = parse("--bw");
        assertThat(String.valueOf(main.options.size())).isEqualTo(defaultIn("ib_write_bw", "-s"));
        assertThat(String.valueOf(main.options.iters())).isEqualTo(defaultIn("ib_write_bw", "-n"));
        assertThat(String.valueOf(main.options.txDepth)).isEqualTo(defaultIn("ib_write_bw", "-t"));
    }

    @Test
    void theDefaultPortIsNotChapter04s() {
        assertThat(parse().options.connection.port).isEqualTo(RdmaWriteMain.PORT).isNotEqualTo(18515);
    }

    @Test
    void namesFollowRcPingpongAndPerftest() {
        RdmaWriteMain main = parse("-p", "19000", "-d", "rxe1", "-i", "1", "-g", "1", "-s", "64", "-n", "10", "-m", "512", "-c",
                "--bw", "-t", "16", "-Q", "4", "--notify", "imm", "--fail", "wrong-rkey", "192.0.2.1");
        assertThat(main.options.connection.host).isEqualTo("192.0.2.1");
        assertThat(main.options.size()).isEqualTo(64);
        assertThat(main.options.depth()).isEqualTo(10).as("never more in flight than there are messages");
        assertThat(main.options.cqMod).isEqualTo(4);
        assertThat(main.notify).isEqualTo(Notify.imm);
        assertThat(main.fail).isEqualTo(Failure.wrong_rkey);
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
}
