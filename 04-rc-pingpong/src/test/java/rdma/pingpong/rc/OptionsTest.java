package rdma.pingpong.rc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import rdma.pingpong.ConnectionOptions.Mode;
import rdma.support.Cli;
import rdma.testsupport.ExternalCommand;
import rdma.testsupport.ProgramRun;

/** ibv_rc_pingpong's options: the same short and long names, the same defaults, the same modes. */
class OptionsTest {
    private static RcPingpongMain parse(String... args) {
        return ProgramRun.parsed(RcPingpongMain::new, args);
    }

    /** The C tool prints its usage, with "(default N)" after each option that has one. */
    @Test
    void everyDefaultIsTheCToolsAsItsUsagePrintsIt() throws Exception {
        String usage = ExternalCommand.run(null, List.of("ibv_rc_pingpong", "--help"), "apt-get install ibverbs-utils").stdout();
        CommandLine java = new CommandLine(new RcPingpongMain(null, null));
        Matcher option = Pattern.compile("(?m)^  (-\\w), --[\\w-]+=\\S+ .*\\(default (\\d+)\\)$").matcher(usage);
        int compared = 0;
        while (option.find()) {
            assertThat(java.getCommandSpec().findOption(option.group(1)).defaultValueString())
                    .as("default of %s", option.group(1)).isEqualTo(option.group(2));
            compared++;
        }
        assertThat(compared).as("defaults in the C tool's usage: -p -i -s -m -r -n").isEqualTo(6);
    }

    @Test
    void shortAndLongNames() {
        RcPingpongMain main = parse("-p", "18600", "-d", "rxe1", "-i", "1", "-s", "64", "-m", "2048", "-r", "100",
                "-n", "50", "-l", "3", "-g", "1", "-c", "192.0.2.1");
        assertThat(main.options.connection.port).isEqualTo(18600);
        assertThat(main.options.connection.ibDev).isEqualTo("rxe1");
        assertThat(main.options.size).isEqualTo(64);
        assertThat(main.options.connection.mtu).isEqualTo(2048);
        assertThat(main.options.rxDepth).isEqualTo(100);
        assertThat(main.options.iters).isEqualTo(50);
        assertThat(main.options.connection.sl).isEqualTo(3);
        assertThat(main.options.connection.gidIdx).isEqualTo(1);
        assertThat(main.options.check).isTrue();
        assertThat(main.options.connection.host).isEqualTo("192.0.2.1");

        RcPingpongMain longNames = parse("--port=1", "--ib-dev=mlx5_0", "--ib-port=2", "--size=1", "--mtu=256",
                "--rx-depth=2", "--iters=1", "--sl=15", "--gid-idx=3", "--chk", "--demo");
        assertThat(longNames.options.connection.demo).isTrue();
        assertThat(longNames.options.connection.mtu).isEqualTo(256);
        assertThat(longNames.options.connection.ibPort).isEqualTo(2);
    }

    /** As the C tool: options without a host make a server; a host makes a client. */
    @Test
    void theModeFollowsTheCTool() {
        assertThat(parse("-d", "rxe0", "-g", "1").options.connection.mode(false)).isEqualTo(Mode.SERVER);
        assertThat(parse("-d", "rxe1", "-g", "1", "192.0.2.1").options.connection.mode(false)).isEqualTo(Mode.CLIENT);
        assertThat(parse("--demo", "-n", "5").options.connection.mode(false)).isEqualTo(Mode.DEMO);
        assertThat(parse().options.connection.mode(true)).as("no arguments at all").isEqualTo(Mode.DEMO);
    }

    @Test
    void whatTheCToolAcceptsIsAccepted() {
        assertThat(parse("-r", "1").options.invalid()).as("-r 1").isNull();
        assertThat(parse("-s", "1", "-n", "1").options.invalid()).isNull();
    }

    @Test
    void aBadMtuIsOneLineAndExitCode2() {
        ProgramRun run = ProgramRun.of(RcPingpongMain::run, "-m", "1500");
        assertThat(run.exitCode()).isEqualTo(Cli.USAGE_ERROR);
        assertThat(run.stdout()).isEmpty();
        assertThat(run.stderr()).isEqualTo("04-rc-pingpong: bad MTU value 1500: use 256, 512, 1024, 2048 or 4096 (see --help)\n");
    }

    @Test
    void demoAndHostTogetherIsAUsageError() {
        ProgramRun run = ProgramRun.of(RcPingpongMain::run, "--demo", "192.0.2.1");
        assertThat(run.exitCode()).isEqualTo(Cli.USAGE_ERROR);
        assertThat(run.stderr()).isEqualTo("04-rc-pingpong: give either --demo or a host to connect to, not both (see --help)\n");
    }

    @Test
    void outOfRangeNumbersAreUsageErrors() {
        assertThat(ProgramRun.of(RcPingpongMain::run, "-r", "0").stderr()).contains("-r/--rx-depth");
        assertThat(ProgramRun.of(RcPingpongMain::run, "-l", "16").exitCode()).isEqualTo(Cli.USAGE_ERROR);
        assertThat(ProgramRun.of(RcPingpongMain::run, "-p", "70000").stderr()).contains("-p/--port must be between 1 and 65535");
    }
}
