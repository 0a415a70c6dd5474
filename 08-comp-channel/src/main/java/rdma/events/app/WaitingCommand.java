package rdma.events.app;

import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import rdma.events.WaitMode;

/**
 * What both subcommands share: the program they belong to, and {@code --wait poll|events|adaptive}
 * with {@code -e}, ibv_rc_pingpong's name for {@code --wait events}.
 */
abstract class WaitingCommand implements Callable<Integer> {
    @ParentCommand
    CompChannelMain parent;

    @Spec
    CommandSpec spec;

    @Option(names = "--wait", paramLabel = "<mode>",
            description = "how to wait for completions: poll (spin), events (sleep on a completion channel) or adaptive"
                    + " (spin a little, then sleep)")
    WaitMode wait;

    @Option(names = {"-e", "--events"}, description = "sleep on CQ events (--wait events), as ibv_rc_pingpong -e")
    boolean events;

    /** The mode asked for, or {@code byDefault}; null when -e and another --wait contradict each other. */
    WaitMode mode(WaitMode byDefault) {
        if (events) {
            return wait == null || wait == WaitMode.events ? WaitMode.events : null;
        }
        return wait != null ? wait : byDefault;
    }

    /**
     * The mode to run with, or {@code byDefault}: a usage error (one line, exit code 2) when the
     * two options contradict each other, or when the subcommand's own options have
     * {@code problem} (null: none).
     */
    WaitMode modeOrRefuse(WaitMode byDefault, String problem) {
        WaitMode mode = mode(byDefault);
        String invalid = mode == null ? "-e/--events is --wait events: give one or the other" : problem;
        if (invalid != null) {
            throw new ParameterException(spec.commandLine(), invalid);
        }
        return mode;
    }

    /** The name the subcommand's errors start with: "08-comp-channel pingpong". */
    String program() {
        return parent.name() + " " + spec.name();
    }
}
