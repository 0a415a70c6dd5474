package rdma.testsupport;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A program the test starts in a process of its own, as a second terminal would: a C tool of
 * rdma-core, or a chapter's program in a second JVM (which the test may kill, to show what the
 * other side notices). Its output, stdout and stderr together, goes to a file the test reads.
 */
public final class Child implements AutoCloseable {
    /** How long a killed child may take to go. */
    private static final int DYING_SECONDS = 30;

    private final Process process;
    private final Path output;

    private Child(Process process, Path output) {
        this.process = process;
        this.output = output;
    }

    /** Starts {@code command}. */
    public static Child start(List<String> command) throws IOException {
        Path output = Files.createTempFile("child", ".txt");
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        return new Child(process, output);
    }

    /**
     * Starts {@code mainClass} with {@code args} in a JVM of its own, with this JVM's class path, its
     * class-data archive where it has one (the lab's device tests start with the chapters' archive,
     * .ci/device-tests-in-lab), and {@code jvmOptions}.
     */
    public static Child java(Class<?> mainClass, List<String> jvmOptions, List<String> args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(option -> option.startsWith("-XX:SharedArchiveFile=")).forEach(command::add);
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass.getName()));
        command.addAll(args);
        return start(command);
    }

    /** What it printed so far, without the lab's "Picked up JAVA_TOOL_OPTIONS" line. */
    public String output() throws IOException {
        return String.join("\n", Files.readString(output, StandardCharsets.UTF_8).lines()
                .filter(line -> !line.startsWith("Picked up JAVA_TOOL_OPTIONS")).toList());
    }

    /** Waits until its output holds {@code text}, at most {@code seconds}; fails with the output otherwise. */
    public void awaitOutput(String text, int seconds) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!output().contains(text)) {
            if (System.nanoTime() > deadline || !process.isAlive() && !output().contains(text)) {
                throw new AssertionError("the child never printed \"" + text + "\" (alive: " + process.isAlive() + "):\n" + output());
            }
            Thread.sleep(100);
        }
    }

    /** Waits for it to end, at most {@code seconds}; its exit code. */
    public int waitFor(int seconds) throws IOException, InterruptedException {
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            String stuck = "the child did not end within " + seconds + " s (" + kernelState() + "):\n" + output();
            kill();
            throw new AssertionError(stuck);
        }
        return process.exitValue();
    }

    /**
     * Kills it at once (SIGKILL), as a crash would end it, and waits until it is gone, at most
     * {@link #DYING_SECONDS}: a process blocked in the kernel (state D, in a driver's call, say)
     * dies only when that call returns, which may be never, and a test must not wait for it forever.
     */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(DYING_SECONDS, TimeUnit.SECONDS)) {
            throw new AssertionError("the child still runs " + DYING_SECONDS + " s after SIGKILL (" + kernelState() + ")");
        }
    }

    /** Where the kernel has the process: its state and what it waits in, from /proc, for a failure's message. */
    private String kernelState() {
        Path proc = Path.of("/proc", String.valueOf(process.pid()));
        try {
            String state = Files.readAllLines(proc.resolve("status")).stream().filter(line -> line.startsWith("State:"))
                    .findFirst().orElse("State: unknown");
            return "pid " + process.pid() + ", " + state.replaceAll("\\s+", " ") + ", waiting in "
                    + Files.readString(proc.resolve("wchan"));
        } catch (IOException gone) {
            return "pid " + process.pid() + ", gone from /proc";
        }
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Kills it if it still runs, and deletes its output. */
    @Override
    public void close() throws IOException, InterruptedException {
        if (process.isAlive()) {
            kill();
        }
        Files.deleteIfExists(output);
    }
}
