package rdma.support;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.BiFunction;
import picocli.CommandLine;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

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

    /**
     * What every chapter's program is: a picocli command that prints to {@code out} and
     * {@code err} (the terminal's, or a test's), and is run by {@link #main}. A program extends
     * it with its options and its {@code call()}.
     */
    public abstract static class Program implements Callable<Integer> {
        @Spec
        protected CommandSpec spec;
        protected final PrintStream out;
        protected final PrintStream err;

        protected Program(PrintStream out, PrintStream err) {
            this.out = out;
            this.err = err;
        }

        /** Where the program prints its output: a subcommand prints through its parent's. */
        public PrintStream out() {
            return out;
        }

        /** Where the program prints its errors. */
        public PrintStream err() {
            return err;
        }

        /** The command's name, as picocli knows it: a subcommand's is its own word ("pingpong"). */
        public String name() {
            return spec.name();
        }

        /** A mistake in the options that needs no device to see: one line, and exit code 2. Nothing when {@code problem} is null. */
        protected void refuse(String problem) {
            if (problem != null) {
                throw new ParameterException(spec.commandLine(), problem);
            }
        }

        /** Whether nothing at all was given on the command line: what makes the two-sided programs run their demo. */
        protected boolean noArguments() {
            return spec.commandLine().getParseResult().originalArgs().isEmpty();
        }
    }

    /** A chapter's {@code main}: the program made by {@code program}, on the terminal. */
    public static void main(BiFunction<PrintStream, PrintStream, ? extends Program> program, String[] args) {
        exit(run(program, args, System.out, System.err));
    }

    /** Runs the program {@code program} makes for {@code out} and {@code err}: what the tests call. */
    public static int run(BiFunction<PrintStream, PrintStream, ? extends Program> program, String[] args, PrintStream out,
            PrintStream err) {
        return run(program.apply(out, err), args, out, err);
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

    /**
     * The picocli converter of an option whose values are an enum's constants, spelled with
     * hyphens where Java has underscores: {@code --fail send-before-rts} for {@code send_before_rts}.
     * A chapter declares one per enum, as picocli instantiates converters by class:
     * {@code static final class FailureConverter extends Cli.OptionNames<Failure>}, whose
     * constructor passes {@code Failure.class}.
     */
    public abstract static class OptionNames<E extends Enum<E>> implements ITypeConverter<E> {
        private final Class<E> type;

        protected OptionNames(Class<E> type) {
            this.type = type;
        }

        /** "send-before-rts". */
        public static String optionName(Enum<?> constant) {
            return constant.name().replace('_', '-');
        }

        @Override
        public E convert(String value) {
            List<String> names = new ArrayList<>();
            for (E constant : type.getEnumConstants()) {
                if (optionName(constant).equals(value)) {
                    return constant;
                }
                names.add(optionName(constant));
            }
            String expected = names.size() == 1 ? names.get(0)
                    : String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.get(names.size() - 1);
            throw new TypeConversionException("expected " + expected + ", not '" + value + "'");
        }
    }
}
