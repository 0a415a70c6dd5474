package rdma.read.perf;

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

/** perftest's option names and defaults for ib_read_lat and ib_read_bw, and the chapter's own. */
class OptionsTest {
    private static RdmaReadMain parse(String... args) {
        PrintStream nowhere = new PrintStream(OutputStream.nullOutputStream());
        RdmaReadMain main = new RdmaReadMain(nowhere, nowhere);
        new CommandLine(main).parseArgs(args);
        return main;
    }

    /** perftest's own usage text: "-s, --size=<size>  Size of message to exchange (default 65536)". */
    private static String usageOf(String tool) throws Exception {
        return ExternalCommand.run(null, List.of(tool, "-h"), "apt-get install perftest").stdout();
    }

    private static String defaultIn(String tool, String option) throws Exception {
        Matcher line = Pattern.compile("(?m)^\\s+" + option + ", .*default (\\d+)\\)").matcher(usageOf(tool));
        assertThat(line.find()).as("%s in the usage of %s", option, tool).isTrue();
        return line.group(1);
    }

    @Test
    void latencyDefaultsAreIbReadLats() throws Exception {
        RdmaReadMain main = parse();
        assertThat(String.valueOf(main.options.size())).isEqualTo(defaultIn("ib_read_lat", "-s"));
        assertThat(String.valueOf(main.options.iters())).isEqualTo(defaultIn("ib_read_lat", "-n"));
    }

    @Test
    void bandwidthDefaultsAreIbReadBws() throws Exception {
        RdmaReadMain main = parse("--bw");
        assertThat(String.valueOf(main.options.size())).isEqualTo(defaultIn("ib_read_bw", "-s"));
        assertThat(String.valueOf(main.options.iters())).isEqualTo(defaultIn("ib_read_bw", "-n"));
        assertThat(String.valueOf(main.options.txDepth)).isEqualTo(defaultIn("ib_read_bw", "-t"));
    }

    /** perftest names the outstanding reads -o/--outs too, and defaults them to what the device allows. */
    @Test
    void outsIsPerftestsOption() throws Exception {
        assertThat(usageOf("ib_read_bw")).containsPattern("(?m)^\\s+-o, --outs=<num>");
        assertThat(parse().outs).as("no -o: the device's most").isNull();
        assertThat(parse("-o", "4").outs).isEqualTo(4);
    }

    @Test
    void theDefaultPortIsNotChapter05s() {
        assertThat(parse().options.connection.port).isEqualTo(RdmaReadMain.PORT).isNotEqualTo(18516).isNotEqualTo(18515);
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
