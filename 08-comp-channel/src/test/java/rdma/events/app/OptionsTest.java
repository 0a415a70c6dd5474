package rdma.events.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import rdma.events.WaitMode;
import rdma.support.Cli;
import rdma.testsupport.ProgramRun;

/** The subcommands, -e as ibv_rc_pingpong has it, and each one's default way to wait. */
class OptionsTest {
    @Test
    void minusEIsWaitEvents() {
        WaitingCommand options = new PingpongCommand();
        options.events = true;
        assertThat(options.mode(WaitMode.poll)).isEqualTo(WaitMode.events);
        options.wait = WaitMode.events;
        assertThat(options.mode(WaitMode.poll)).isEqualTo(WaitMode.events);
        options.wait = WaitMode.adaptive;
        assertThat(options.mode(WaitMode.poll)).as("a contradiction").isNull();
    }

    @Test
    void eachSubcommandHasItsDefault() {
        WaitingCommand none = new PingpongCommand();
        assertThat(none.mode(WaitMode.poll)).as("the pingpong polls, as the C tool").isEqualTo(WaitMode.poll);
        assertThat(none.mode(WaitMode.events)).as("the transfer sleeps").isEqualTo(WaitMode.events);
    }

    @Test
    void mistakesAreOneLineAndExitCode2() {
        ProgramRun contradiction = ProgramRun.of(CompChannelMain::run, "pingpong", "-e", "--wait", "poll");
        assertThat(contradiction.exitCode()).isEqualTo(Cli.USAGE_ERROR);
        assertThat(contradiction.stderr()).isEqualTo("08-comp-channel: -e/--events is --wait events: give one or the other (see --help)\n");
        assertThat(ProgramRun.of(CompChannelMain::run, "pingpong", "--wait", "sometimes").stderr())
                .contains("Invalid value for option '--wait'", "poll, events, adaptive");
        assertThat(ProgramRun.of(CompChannelMain::run, "transfer", "--demo").stderr())
                .contains("transfer has no demo (07-file-transfer has one)");
    }

    @Test
    void helpNamesBothSubcommands() {
        ProgramRun help = ProgramRun.of(CompChannelMain::run, "--help");
        assertThat(help.exitCode()).isZero();
        assertThat(help.stdout()).contains("pingpong", "transfer");
    }
}
