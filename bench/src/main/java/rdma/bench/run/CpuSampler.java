package rdma.bench.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * Samples, once a second until both JVMs of a transfer have ended, the machine's CPU ticks
 * (/proc/stat), then each JVM's own line and its threads' (/proc/PID/task/TID/stat), in the form
 * rdma.bench.report.ThreadCpu reads: "sample", the lines, then "complete" where every JVM was still
 * there. A line "transfer" comes before the first sample taken once the sender's output says it
 * started sending. A read a second: the sampler costs little.
 */
final class CpuSampler {
    private final List<String> lines = new ArrayList<>();
    private final Thread thread;

    CpuSampler(Path senderOutput, long... jvms) {
        thread = new Thread(() -> sample(senderOutput, jvms), "cpu-sampler");
        thread.setDaemon(true);
        thread.start();
    }

    /** The samples, once both JVMs ended (the sampler stops by itself then). */
    List<String> stop() {
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        synchronized (lines) {
            return List.copyOf(lines);
        }
    }

    private void sample(Path senderOutput, long[] jvms) {
        boolean started = false;
        while (true) {
            List<String> sample = new ArrayList<>();
            if (!started && Pair.read(senderOutput).lines().anyMatch(line -> line.startsWith("sender: chunks of"))) {
                started = true;
                sample.add("transfer");
            }
            sample.add("sample");
            sample.addAll(read(Path.of("/proc/stat")));
            boolean any = false;
            boolean all = true;
            for (long jvm : jvms) {
                Path process = Path.of("/proc", String.valueOf(jvm));
                List<String> stat = read(process.resolve("stat"));
                any |= !stat.isEmpty();
                all &= !stat.isEmpty();
                sample.addAll(stat);
                try (Stream<Path> tasks = Files.list(process.resolve("task"))) {
                    tasks.sorted().forEach(task -> sample.addAll(read(task.resolve("stat"))));
                } catch (IOException gone) {
                    // the JVM ended: its threads went with it
                }
            }
            if (!any) {
                return;
            }
            if (all && Arrays.stream(jvms).allMatch(jvm -> ProcessHandle.of(jvm).isPresent())) {
                sample.add("complete");
            }
            synchronized (lines) {
                lines.addAll(sample);
            }
            Pair.pause(1000);
        }
    }

    /** A /proc file's lines; none where its process has gone. */
    private static List<String> read(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException gone) {
            return List.of();
        }
    }
}
