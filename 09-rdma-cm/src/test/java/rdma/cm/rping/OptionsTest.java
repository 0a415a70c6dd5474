package rdma.cm.rping;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import rdma.support.Cli;
import rdma.testsupport.ExternalCommand;
import rdma.testsupport.OptionalTool;
import rdma.testsupport.ProgramRun;

/** rping's options, names and defaults, and what the program refuses before it opens anything. */
class OptionsTest {
    private static final String INSTALL = "apt-get install rdmacm-utils";

    /** Every option this program takes is one of rping's, as its usage lists them. */
    @Test
    void everyOptionIsRpings() throws Exception {
        OptionalTool.require("rping", INSTALL);
        String usage = ExternalCommand.run(null, List.of("rping", "-h"), INSTALL).stdout();
        for (String option : List.of("-s", "-c", "-a", "-I", "-p", "-C", "-S", "-v", "-V", "-d", "-P")) {
            assertThat(usage).as("rping's usage").containsPattern("(?m)^\\t" + option + "\\b");
            assertThat(new picocli.CommandLine(new RpingMain(System.out, System.err)).getCommandSpec().findOption(option))
                    .as(option).isNotNull();
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "-v                    | pass -s (server) or -c (client), as rping; no arguments at all run the demo",
            "-s -c                 | pass -s (server) or -c (client), not both",
            "-c                    | -a <addr> is needed with -c: the server's address",
            "-c -a 1.2.3.4 -S 25   | -S 25: the valid range is 26 to 65535, as rping's",
            "-c -a 1.2.3.4 -S 65536 | -S 65536: the valid range is 26 to 65535, as rping's",
            "-c -a 1.2.3.4 -C -1   | -C -1: the count must be 0 (until stopped) or more",
            "-c -a 1.2.3.4 -p 0    | -p 0: a port is 1 to 65535",
            "-c -a 1.2.3.4 -P      | -P is for the server (-s)",
            "-s -I 1.2.3.4         | -I is for the client (-c)"})
    void badOptionsAreOneLineAndExitCode2(String args, String message) {
        ProgramRun run = ProgramRun.of(RpingMain::run, args.trim().split(" +"));

        assertThat(run.exitCode()).isEqualTo(Cli.USAGE_ERROR);
        assertThat(run.stderr()).isEqualTo("09-rdma-cm: " + message + " (see --help)\n");
    }

    /** -h prints the usage, as rping's does, and so does --help, which every error line points to. */
    @ParameterizedTest
    @CsvSource({"-h", "--help"})
    void helpPrintsTheUsage(String option) {
        ProgramRun run = ProgramRun.of(RpingMain::run, option);

        assertThat(run.exitCode()).isZero();
        assertThat(run.stdout()).startsWith("Usage: 09-rdma-cm").contains("-V", "validate ping data");
        assertThat(run.stderr()).isEmpty();
    }

    /** A name no resolver knows is an error of its own, before any RDMA call: C's getaddrinfo failure, in one line. */
    @Test
    void anUnknownHostIsOneLine() {
        ProgramRun run = ProgramRun.of(RpingMain::run, "-c", "-a", "no-such-host.invalid");

        run.assertFailedWith("09-rdma-cm: -a no-such-host.invalid: unknown host: no address for that name. Pass an IP address,"
                + " or a name this machine resolves (getent hosts no-such-host.invalid)");
    }
}
