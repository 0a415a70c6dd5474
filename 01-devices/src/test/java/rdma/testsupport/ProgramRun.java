package rdma.testsupport;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** A chapter program run in this JVM, with what it printed and its exit code. */
public record ProgramRun(int exitCode, String stdout, String stderr) {

    /** A chapter's {@code run(args, out, err)} entry point. */
    @FunctionalInterface
    public interface Program {
        int run(String[] args, PrintStream out, PrintStream err);
    }

    public static ProgramRun of(Program program, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exitCode = program.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new ProgramRun(exitCode, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
