package rdma.devices.devinfo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import rdma.support.Cli;
import rdma.testsupport.ProgramRun;

/** The options ibv_devinfo has, under the same names; usage errors are one line and exit code 2. */
class OptionsTest {
    private static DevicesMain parse(String... args) {
        return ProgramRun.parsed(DevicesMain::new, args);
    }

    @Test
    void shortOptions() {
        DevicesMain main = parse("-d", "rxe1", "-i", "1", "-v");
        assertThat(main.ibDev).isEqualTo("rxe1");
        assertThat(main.ibPort).isEqualTo(1);
        assertThat(main.verbose).isTrue();
    }

    @Test
    void longOptionsAsRdmaCoreSpellsThem() {
        DevicesMain main = parse("--ib-dev=mlx5_0", "--ib-port", "2", "--verbose");
        assertThat(main.ibDev).isEqualTo("mlx5_0");
        assertThat(main.ibPort).isEqualTo(2);
        assertThat(main.verbose).isTrue();
    }

    @Test
    void portZeroIsAUsageError() {
        ProgramRun run = ProgramRun.of(DevicesMain::run, "-i", "0");
        assertThat(run.exitCode()).isEqualTo(Cli.USAGE_ERROR);
        assertThat(run.stdout()).isEmpty();
        assertThat(run.stderr()).isEqualTo("01-devices: -i/--ib-port must be 1 or more (ports are numbered from 1) (see --help)\n");
    }

    @Test
    void aPortThatIsNotANumberIsAUsageError() {
        ProgramRun run = ProgramRun.of(DevicesMain::run, "--ib-port", "one");
        assertThat(run.exitCode()).isEqualTo(Cli.USAGE_ERROR);
        assertThat(run.stderr()).startsWith("01-devices: Invalid value for option '--ib-port': 'one' is not an int")
                .hasLineCount(1);
    }

    @Test
    void anUnknownOptionIsAUsageError() {
        ProgramRun run = ProgramRun.of(DevicesMain::run, "--colour");
        assertThat(run.exitCode()).isEqualTo(Cli.USAGE_ERROR);
        assertThat(run.stderr()).isEqualTo("01-devices: Unknown option: '--colour' (see --help)\n");
    }

    @Test
    void helpNamesEveryOption() {
        ProgramRun run = ProgramRun.of(DevicesMain::run, "--help");
        assertThat(run.exitCode()).isZero();
        assertThat(run.stdout()).contains("-d, --ib-dev=<dev>", "-i, --ib-port=<port>", "-v, --verbose");
    }
}
