package rdma.bench.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import rdma.bench.report.ThreadCpu;

/** A process's CPU and state, from the kernel's /proc/PID/stat, and the share of a core it used. */
final class ProcessCpu {
    private static final int TICKS_PER_SECOND = Integer.parseInt(Commands.output(List.of("getconf", "CLK_TCK")).strip());

    private ProcessCpu() {
    }

    /** The fields of a /proc/PID/stat line after its name (which may hold spaces): [0] is the state, field 3 of proc(5). */
    static String[] fields(String statLine) {
        return statLine.substring(statLine.lastIndexOf(')') + 2).trim().split(" ");
    }

    static String stat(long pid) {
        try {
            return Files.readString(Path.of("/proc", String.valueOf(pid), "stat"));
        } catch (IOException e) {
            throw new UncheckedIOException("process " + pid + " is gone", e);
        }
    }

    /** What process {@code pid} waits in, by the kernel's name for it (/proc/PID/wchan). */
    static String wchan(long pid) {
        try {
            return Files.readString(Path.of("/proc", String.valueOf(pid), "wchan"));
        } catch (IOException e) {
            return "?";
        }
    }

    /** The percent of one core process {@code pid} used over the next {@code seconds}: "12.5". */
    static String share(long pid, int seconds) {
        long before = ThreadCpu.ticks(stat(pid));
        Pair.pause(seconds * 1000L);
        long after = ThreadCpu.ticks(stat(pid));
        return String.format(Locale.ROOT, "%.1f", (double) (after - before) / TICKS_PER_SECOND / seconds * 100);
    }

    /** CPU seconds (user + system) in a file GNU time wrote with {@code -f "%U %S"}. */
    static double timed(Path file) {
        String[] field = Pair.read(file).trim().split("\\s+");
        return Double.parseDouble(field[field.length - 2]) + Double.parseDouble(field[field.length - 1]);
    }

    /** {@code command} under GNU time, its CPU seconds (user, system) written to {@code file}. */
    static List<String> timedCommand(Path file, List<String> command) {
        return Pair.concat(List.of("/usr/bin/time", "-f", "%U %S", "-o", file.toString()), command);
    }

    static int ticksPerSecond() {
        return TICKS_PER_SECOND;
    }
}
