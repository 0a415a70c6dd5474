package rdma.devices;

import java.io.PrintStream;
import java.io.PrintWriter;
import picocli.CommandLine;

/**
 * Runs a chapter's picocli command the same way in every chapter: a bad option is one line and
 * exit code 2; a {@link VerbsException} is one line and exit code 1; anything else is a bug and
 * keeps its stack trace.
 */
public final class Cli {
    public static final int VERBS_ERROR = 1;
    public static final int USAGE_ERROR = 2;

    private Cli() {
    }

    public static int run(Object command, String[] args, PrintStream out, PrintStream err) {
        CommandLine commandLine = new CommandLine(command);
        String name = commandLine.getCommandName();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        commandLine.setParameterExceptionHandler((problem, ignoredArgs) -> {
            err.println(name + ": " + problem.getMessage() + " (see --help)");
            return USAGE_ERROR;
        });
        commandLine.setExecutionExceptionHandler((problem, ignoredCommandLine, ignoredResult) -> {
            if (problem instanceof VerbsException) {
                err.println(name + ": " + problem.getMessage());
                return VERBS_ERROR;
            }
            throw problem;
        });
        return commandLine.execute(args);
    }

    /** The end of every chapter's {@code main}: exit non-zero only on failure, so exec:java ends normally. */
    public static void exit(int code) {
        if (code != 0) {
            System.exit(code);
        }
    }
}
