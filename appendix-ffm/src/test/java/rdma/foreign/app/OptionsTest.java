package rdma.foreign.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import rdma.support.Cli;
import rdma.testsupport.ProgramRun;

/** The two subcommands take their chapters' options, and refuse bad ones in one line, as the chapters do. */
class OptionsTest {
    @Test
    void helpNamesBothPrograms() {
        ProgramRun help = ProgramRun.of(ForeignMain::run, "--help");
        assertThat(help.exitCode()).isZero();
        assertThat(help.stdout()).contains("appendix-ffm pingpong", "appendix-ffm write");
    }

    @Test
    void eachSubcommandRefusesWhatItsChapterRefuses() {
        ProgramRun notify = ProgramRun.of(ForeignMain::run, "write", "--notify", "smoke-signals");
        assertThat(notify.exitCode()).isEqualTo(Cli.USAGE_ERROR);
        assertThat(notify.stderr()).contains("Invalid value for option '--notify': expected poll, imm or send")
                .hasLineCount(1);
        ProgramRun iters = ProgramRun.of(ForeignMain::run, "write", "-n", "1");
        assertThat(iters.exitCode()).isEqualTo(Cli.USAGE_ERROR);
        assertThat(iters.stderr()).contains("-n/--iters must be 2 or more for a latency test").hasLineCount(1);
        ProgramRun size = ProgramRun.of(ForeignMain::run, "pingpong", "-s", "0");
        assertThat(size.exitCode()).isEqualTo(Cli.USAGE_ERROR);
        assertThat(size.stderr()).hasLineCount(1);
    }

    @Test
    void aProgramThatIsNotThereIsAUsageError() {
        ProgramRun unknown = ProgramRun.of(ForeignMain::run, "read");
        assertThat(unknown.exitCode()).isEqualTo(Cli.USAGE_ERROR);
        assertThat(unknown.stderr()).startsWith("appendix-ffm: ");
    }
}
