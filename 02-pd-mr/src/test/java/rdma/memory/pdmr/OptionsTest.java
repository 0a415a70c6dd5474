package rdma.memory.pdmr;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import rdma.support.Cli;
import rdma.testsupport.ProgramRun;

class OptionsTest {
    private static PdMrMain parse(String... args) {
        return ProgramRun.parsed(PdMrMain::new, args);
    }

    @Test
    void accessRepeatsForMoreBuffers() {
        PdMrMain main = parse("-d", "rxe0", "-s", "65536", "-a", "local-write", "--access", "local-write,remote-read");
        assertThat(main.ibDev).isEqualTo("rxe0");
        assertThat(main.size).isEqualTo(65536);
        assertThat(main.access).containsExactly(1, 5);
    }

    @Test
    void anUnknownAccessFlagIsOneLine() {
        ProgramRun run = ProgramRun.of(PdMrMain::run, "-a", "remote-writ");
        assertThat(run.exitCode()).isEqualTo(Cli.USAGE_ERROR);
        assertThat(run.stderr()).isEqualTo("02-pd-mr: Invalid value for option '--access' (<flags>): unknown access flag"
                + " 'remote-writ' (flags: local-write, remote-write, remote-read, remote-atomic, or none) (see --help)\n");
    }

    @Test
    void aSizeOfZeroIsAUsageError() {
        ProgramRun run = ProgramRun.of(PdMrMain::run, "-s", "0");
        assertThat(run.exitCode()).isEqualTo(Cli.USAGE_ERROR);
        assertThat(run.stderr()).isEqualTo("02-pd-mr: -s/--size must be at least 1 byte (see --help)\n");
    }
}
