package rdma.bench.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Short commands a driver runs to its end: a probe, a report, a measurement of the machine. */
final class Commands {
    private Commands() {
    }

    /** {@code command}'s exit status; its output is dropped. */
    static int status(List<String> command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return process.waitFor();
        } catch (IOException e) {
            return 127; // not installed
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** What {@code command} printed on its standard output; its standard error is dropped. */
    static String output(List<String> command) {
        return output(new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD));
    }

    /** What {@code command} printed, standard output and error together. */
    static String outputAndErrors(List<String> command) {
        return output(new ProcessBuilder(command).redirectErrorStream(true));
    }

    private static String output(ProcessBuilder builder) {
        List<String> command = builder.command();
        try {
            Process process = builder.start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            process.waitFor();
            return output;
        } catch (IOException e) {
            throw new UncheckedIOException("could not run " + command.get(0), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
