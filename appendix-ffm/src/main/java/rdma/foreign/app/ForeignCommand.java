package rdma.foreign.app;

import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** What both subcommands share: the program they belong to, its output, and how they refuse bad options. */
abstract class ForeignCommand implements Callable<Integer> {
    @ParentCommand
    ForeignMain parent;

    @Spec
    CommandSpec spec;

    /** A usage error (one line, exit code 2) when the options have {@code problem} (null: none). */
    void refuse(String problem) {
        if (problem != null) {
            throw new ParameterException(spec.commandLine(), problem);
        }
    }

    /** Nothing given after the subcommand's name: its demo. */
    boolean noArguments() {
        return spec.commandLine().getParseResult().matchedArgs().isEmpty();
    }

    /** The name the subcommand's errors start with: "appendix-ffm pingpong". */
    String program() {
        return parent.name() + " " + spec.name();
    }
}
