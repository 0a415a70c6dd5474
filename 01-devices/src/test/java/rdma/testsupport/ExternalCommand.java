package rdma.testsupport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The result of an external program that tests run to completion (gcc, ibv_devinfo, ...). */
public record ExternalCommand(int exitCode, String stdout, String stderr) {

    /**
     * Runs {@code command} in {@code directory} (null: the current one) to completion, at most two
     * minutes; fails with {@code missingHint} when the program cannot be started.
     */
    public static ExternalCommand run(Path directory, List<String> command, String missingHint)
            throws IOException, InterruptedException {
        Path stdout = Files.createTempFile("command", ".out");
        Path stderr = Files.createTempFile("command", ".err");
        try {
            Process process;
            try {
                process = new ProcessBuilder(command).directory(directory == null ? null : directory.toFile())
                        .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                        .redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
            } catch (IOException notInstalled) {
                throw new AssertionError(command.get(0) + " could not be started: " + missingHint, notInstalled);
            }
            if (!process.waitFor(2, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new AssertionError(String.join(" ", command) + " did not finish within two minutes");
            }
            return new ExternalCommand(process.exitValue(), Files.readString(stdout, StandardCharsets.UTF_8),
                    Files.readString(stderr, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(stdout);
            Files.deleteIfExists(stderr);
        }
    }

    /** Runs {@code command} and returns its stdout, failing unless it exits 0. */
    public static String output(List<String> command, String missingHint) throws IOException, InterruptedException {
        ExternalCommand result = run(null, command, missingHint);
        if (result.exitCode() != 0) {
            throw new AssertionError(String.join(" ", command) + " exited " + result.exitCode() + ": " + result.stderr());
        }
        return result.stdout();
    }
}
