package rdma.bench.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Where a run's CPU goes, by perf: a run profiled in its middle, and the log lines of where its
 * samples fell. rdma.bench.report.Profile sorts the places into a page's rows.
 */
final class Profiler {
    /** How long a run goes before its profile starts: long enough for a JVM to be in its loop. */
    static final long SETTLE_SECONDS = 25;
    /** How long the profile samples. */
    static final int SAMPLE_SECONDS = 8;

    private Profiler() {
    }

    /** A profiled run: how it ended, and "SECONDS CALLS", the client's system calls while it was sampled. */
    record Profiled(Pair.Outcome outcome, String syscalls) {
    }

    /** Whether perf can sample every CPU here (it is installed, and allowed to). */
    static boolean canSampleAll(Path work) {
        Path probe = work.resolve("probe.data");
        return Commands.status(List.of("perf", "record", "-q", "-o", probe.toString(), "-a", "-e", "cpu-clock", "--", "true")) == 0;
    }

    /**
     * A run of {@code tool} on both sides, profiled once it got going: perf samples every CPU for
     * {@link #SAMPLE_SECONDS} into {@code data}, and meanwhile counts the client's system calls.
     */
    static Profiled run(Pair pair, Path data, List<String> tool, int port) {
        return run(pair, data, port, pair.server(tool, port), pair.client(tool, port), true);
    }

    /**
     * A run of {@code server} and {@code client} on {@code port}, profiled as above; the client's
     * system calls only where {@code countCalls} (counting them costs each call a little). The run
     * must outlast its profile: a run that ended first failed (give it more iterations).
     */
    static Profiled run(Pair pair, Path data, int port, List<String> server, List<String> client, boolean countCalls) {
        Pair.Running running = pair.start(port, server, client);
        Pair.pause(TimeUnit.SECONDS.toMillis(SETTLE_SECONDS));
        Path stat = Path.of(data + ".stat");
        String seconds = String.valueOf(SAMPLE_SECONDS);
        Process calls = countCalls ? Pair.launch(List.of("perf", "stat", "-x,", "-e", "raw_syscalls:sys_enter", "-p",
                String.valueOf(running.client.pid()), "-o", stat.toString(), "--", "sleep", seconds), Path.of(data + ".stat.out")) : null;
        Commands.status(List.of("perf", "record", "-q", "-a", "-e", "cpu-clock", "-F", "1000", "-o", data.toString(), "--",
                "sleep", seconds));
        if (calls != null) {
            Pair.ended(calls, 1, TimeUnit.MINUTES);
        }
        boolean outlasted = running.client.isAlive();
        Pair.Outcome outcome = running.finish();
        if (!outlasted) {
            throw new IllegalStateException("the run ended before its profile did: give it more iterations\n" + outcome.shown());
        }
        return new Profiled(outcome, countCalls ? seconds + " " + syscalls(Pair.read(stat)) : "");
    }

    /** The count of {@code perf stat -x,}'s raw_syscalls:sys_enter line ("1234,,raw_syscalls:sys_enter,..."). */
    static String syscalls(String stat) {
        return stat.lines().map(line -> line.split(",", -1)).filter(field -> field.length > 2 && field[2].equals("raw_syscalls:sys_enter"))
                .map(field -> field[0]).findFirst().orElse("");
    }

    /**
     * Where the samples in {@code data} (every CPU's) fell, as log lines that start with
     * {@code key}: for the processes named {@code comm} (for Java its main threads, "java"), the
     * percent of all samples in each place ("KEY dso [kernel.kallsyms] 48.90"; spaces in a place's
     * name become "_"), and of those in the kernel's reads of the lab's clock ("KEY clock 0.52",
     * read_hpet); for every process name, its percent ("KEY comm swapper 48.56": the idle task).
     */
    static List<String> lines(Path data, String comm, String key) {
        List<String> lines = new ArrayList<>();
        for (String[] row : report(data, "comm,dso")) {
            if (row.length > 2 && row[1].equals(comm) && positive(row[0])) {
                lines.add(key + " dso " + row[2].replace(' ', '_') + " " + row[0]);
            }
        }
        double clock = 0;
        for (String[] row : report(data, "comm,sym")) {
            if (row.length > 2 && row[1].equals(comm) && row[2].equals("[k] read_hpet")) {
                clock += Double.parseDouble(row[0]);
            }
        }
        lines.add(String.format(Locale.ROOT, "%s clock %.2f", key, clock));
        for (String[] row : report(data, "comm")) {
            if (row.length > 1 && positive(row[0])) {
                lines.add(key + " comm " + row[1].replace(' ', '_') + " " + row[0]);
            }
        }
        return lines;
    }

    /** perf report's rows sorted by {@code sort}, each field trimmed and the percent's "%" dropped. */
    private static List<String[]> report(Path data, String sort) {
        String table = Commands.output(List.of("perf", "report", "-q", "-i", data.toString(), "--no-children", "--sort", sort,
                "-t", "|", "--stdio"));
        return rows(table);
    }

    /** The rows of a report printed with {@code -t '|'}, which keeps its padding: each field is trimmed. */
    static List<String[]> rows(String table) {
        List<String[]> rows = new ArrayList<>();
        for (String line : table.split("\n")) {
            String[] field = line.split("\\|");
            for (int i = 0; i < field.length; i++) {
                field[i] = field[i].strip();
            }
            field[0] = field[0].endsWith("%") ? field[0].substring(0, field[0].length() - 1) : field[0];
            rows.add(field);
        }
        return rows;
    }

    private static boolean positive(String percent) {
        try {
            return Double.parseDouble(percent) > 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** Removes a profile's files. */
    static void remove(Path data) {
        try (var files = Files.list(data.getParent())) {
            for (Path file : files.filter(file -> file.getFileName().toString().startsWith(data.getFileName().toString())).toList()) {
                Files.delete(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
