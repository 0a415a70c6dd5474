package rdma.bench.report;

import java.util.List;

/** What the sections of the benchmarks page say alike: sizes, where a run ran, targets met or not. */
final class Pages {
    /**
     * For the sections whose sides each run on a CPU of their own: what that means to a JVM. In the
     * lab (2026-12-04, JDK 17 and 25), java -XX:+PrintFlagsFinal under taskset -c 0 shows
     * UseSerialGC and no parallel GC threads, where the same JVM unpinned picks G1 with 2;
     * CICompilerCount is the same either way, so the compiler threads share the pinned CPU with the loop.
     */
    static final String PINNED_JVM_NOTE = """
            A JVM pinned to one CPU sees one processor (`availableProcessors()` is 1): it picks the serial
            garbage collector instead of G1, and its JIT compiler threads take turns with the loop on that
            CPU, where a JVM that sees every CPU of its host compiles beside the loop. That weighs on Java's
            whole figures, not on its steady ones; the lab's two vCPUs, one per side, leave no CPU to measure
            by how much.
            """;

    private Pages() {
    }

    /** ", GID index 1" when the log's runs used one, else nothing (InfiniBand). */
    static String gid(RunLog log) {
        return log.fact("gid").equals("none") ? "" : ", GID index " + log.fact("gid");
    }

    /** A tool's runs at a size in the first-run shape of a pingpong log: "short c 64 ROUND usec". */
    static List<Double> whole(RunLog log, String tool, String size) {
        return log.values("short", tool, size);
    }

    /** A tool's steady state at a size, round by round ({@link Stats#steady}). */
    static List<Double> steady(RunLog log, String tool, String size) {
        return Stats.steady(log.values("short", tool, size), log.values("long", tool, size));
    }

    /** A message size as the page names it: "64 B", "4 KiB", "64 KiB". */
    static String sizeName(String bytes) {
        long size = Long.parseLong(bytes);
        return size >= 1024 && size % 1024 == 0 ? size / 1024 + " KiB" : size + " B";
    }

    /** A file's size in MiB as the page names it: "1 GiB", "64 MiB". */
    static String fileSize(String mib) {
        long size = Long.parseLong(mib);
        return size % 1024 == 0 ? size / 1024 + " GiB" : size + " MiB";
    }

    /** Where the log's runs ran, for a section's "Where:" line; in the lab, the JVM as the lab runs it, with C1 only. */
    static String where(RunLog log) {
        return where(log, "the JVM with C1 only");
    }

    /** Where the log's runs ran; in the lab, with {@code jvm}, how its JVMs compiled. */
    static String where(RunLog log, String jvm) {
        if (log.fact("where").equals("lab")) {
            return "the soft-RoCE lab (qemu without hardware virtualisation, " + log.fact("cpus")
                    + " vCPUs, " + jvm + ": see docs/soft-roce.md)";
        }
        return log.fact("where") + ", " + log.fact("cpus") + " CPUs";
    }

    /** "met" when {@code ratio} is at most {@code limit}, else "not met". */
    static String atMost(double limit, double ratio) {
        return rounded(ratio) <= limit ? "met" : "not met";
    }

    /** "met" when {@code ratio} is at least {@code limit}, else "not met". */
    static String atLeast(double limit, double ratio) {
        return rounded(ratio) >= limit ? "met" : "not met";
    }

    /**
     * A table row of seconds: {@code label}, the medians of {@code base} and of {@code set}, and
     * the median of their rounds' ratios set/base with the rounds' range.
     */
    static String secondsRow(String label, List<Double> base, List<Double> set) {
        return String.format("| %s | %.1f s | %.1f s | %.2fx (%s) |%n", label, Stats.median(base), Stats.median(set),
                Stats.pairedMedian(set, base), Stats.ratioRange(set, base));
    }

    /** A ratio as the page prints it, two decimals, so that a verdict agrees with the figure beside it. */
    private static double rounded(double ratio) {
        return Math.round(ratio * 100) / 100.0;
    }
}
