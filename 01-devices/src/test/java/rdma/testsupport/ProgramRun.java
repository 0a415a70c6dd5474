package rdma.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** A chapter program run in this JVM, with what it printed and its exit code. */
public record ProgramRun(int exitCode, String stdout, String stderr) {
    /** What a run's output may fill before its buffer grows: twenty times what the runs of the allocation checks print. */
    private static final int CAPTURE_BYTES = 1 << 16;

    /** A chapter's {@code run(args, out, err)} entry point. */
    @FunctionalInterface
    public interface Program {
        int run(String[] args, PrintStream out, PrintStream err);
    }

    /** The command a chapter's program makes, with {@code args} parsed into its options, and nothing run: what the options tests read. */
    public static <P> P parsed(java.util.function.BiFunction<PrintStream, PrintStream, P> program, String... args) {
        PrintStream nowhere = new PrintStream(java.io.OutputStream.nullOutputStream());
        P command = program.apply(nowhere, nowhere);
        new picocli.CommandLine(command).parseArgs(args);
        return command;
    }

    public static ProgramRun of(Program program, String... args) {
        // Room enough from the start: a buffer that grows allocates in whichever thread writes the line
        // that fills it, a race between a demo's two sides that would blur the allocation checks.
        ByteArrayOutputStream out = new ByteArrayOutputStream(CAPTURE_BYTES);
        ByteArrayOutputStream err = new ByteArrayOutputStream(CAPTURE_BYTES);
        int exitCode = program.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new ProgramRun(exitCode, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** A program's {@code --demo} (both sides in this JVM) on a free TCP port, with {@code args}. */
    public static ProgramRun demo(Program program, String... args) {
        List<String> all = new ArrayList<>(List.of("--demo", "-p", String.valueOf(FreePorts.next())));
        all.addAll(List.of(args));
        return of(program, all.toArray(String[]::new));
    }

    /** Fails, showing what it printed, unless the run ended well: exit code 0, and nothing on stderr. */
    public ProgramRun assertSucceeded() {
        assertThat(stderr).as("stderr of a run that printed:%n%s", stdout).isEmpty();
        assertThat(exitCode).as("exit code").isZero();
        return this;
    }

    /** Fails unless the run failed as a verbs error does: exit code 1, and exactly {@code line} (and its newline) on stderr. */
    public ProgramRun assertFailedWith(String line) {
        assertThat(stderr).as("stderr of a run that printed:%n%s", stdout).isEqualTo(line + "\n");
        assertThat(exitCode).as("exit code").isEqualTo(1);
        return this;
    }
}
