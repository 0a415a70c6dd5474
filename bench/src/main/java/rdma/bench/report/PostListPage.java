package rdma.bench.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The "post-list" section of docs/benchmarks.md, from bench/post-list.sh's log: chapter 05's
 * bandwidth test against ib_write_bw with the same {@code --post_list} on both sides, at each size
 * and list, and whether Java reaches the goal (0.9x of C with a list of 16 at 64 B).
 *
 * <pre>java -cp ... rdma.bench.report.PostListPage bench/logs/post-list.log docs/benchmarks.md</pre>
 */
public final class PostListPage {
    static final String SECTION = "post-list";
    static final double GOAL = 0.9;
    static final String GOAL_SIZE = "64";
    static final String GOAL_LIST = "16";

    private PostListPage() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: PostListPage LOG PAGE");
            System.exit(2);
        }
        Section.write(Path.of(args[1]), SECTION, render(RunLog.read(Path.of(args[0]))));
    }

    /** The section's Markdown. */
    static String render(RunLog log) {
        StringBuilder page = new StringBuilder();
        page.append("## Post lists against ib_write_bw\n\n")
                .append("Measured by `bench/post-list.sh` (").append(log.header()).append("): chapter 05's bandwidth test")
                .append(" (Java, JNA) and `ib_write_bw` (C), each against itself on the lab's two devices, with the same")
                .append(" `--post_list` on both sides and runs alternating, a round at a time. BW average in MB/sec")
                .append(" (perftest's MB, 2^20 bytes), the median of the rounds; Java / C is the median of each round's")
                .append(" own ratio, with the lowest and the highest.\n\n")
                .append("| size | list | C (MB/sec) | Java (MB/sec) | Java / C | rounds |\n")
                .append("| --- | --- | --- | --- | --- | --- |\n");
        for (String size : log.distinct("c", 1)) {
            for (String list : log.distinct("c", 2)) {
                List<Double> c = log.values("c", size, list);
                List<Double> java = log.values("java", size, list);
                page.append(String.format("| %s | %s | %.2f | %.2f | %.2fx | %s |%n", sizeName(size), list, Stats.median(c),
                        Stats.median(java), Stats.pairedMedian(java, c), Stats.ratioRange(java, c)));
            }
        }
        double atGoal = Stats.pairedMedian(log.values("java", GOAL_SIZE, GOAL_LIST), log.values("c", GOAL_SIZE, GOAL_LIST));
        String one = log.distinct("c", 2).get(0);
        page.append(String.format("%nThe goal, Java at least %.1fx of `ib_write_bw` with a list of %s at %s: %s (%.2fx).%n",
                GOAL, GOAL_LIST, sizeName(GOAL_SIZE), atGoal >= GOAL ? "met" : "not met", atGoal))
                .append(String.format("What a list of %s buys each tool at %s, against a list of %s: C %.2fx, Java %.2fx"
                        + " (medians of the rounds' own ratios).%n", GOAL_LIST, sizeName(GOAL_SIZE), one,
                        gain(log, "c", one), gain(log, "java", one)))
                .append(longRuns(log))
                .append("\nTo reproduce: `mvn -q install -DskipTests && lab/run bench/post-list.sh`.\n");
        return page.toString();
    }

    /**
     * The goal's case again in runs ten times as long ("long" in the log), where the JIT's warm-up
     * and the JVM's start-up work weigh a tenth as much: whether they are what holds Java back.
     */
    private static String longRuns(RunLog log) {
        List<Double> c = log.values("long", "c", GOAL_SIZE, GOAL_LIST);
        List<Double> java = log.values("long", "java", GOAL_SIZE, GOAL_LIST);
        if (c.isEmpty()) {
            return "";
        }
        return String.format("%nThe same case in runs ten times as long, where the JIT's warm-up weighs a tenth as much:"
                + " C %.2f, Java %.2f MB/sec, Java / C %.2fx (%s).%n", Stats.median(c), Stats.median(java),
                Stats.pairedMedian(java, c), Stats.ratioRange(java, c));
    }

    /** How much faster {@code tool} ran with the goal's list than with list {@code one}, at the goal's size. */
    private static double gain(RunLog log, String tool, String one) {
        return Stats.pairedMedian(log.values(tool, GOAL_SIZE, GOAL_LIST), log.values(tool, GOAL_SIZE, one));
    }

    /** A message size as the page names it: "64 B", "4 KiB". */
    static String sizeName(String bytes) {
        long size = Long.parseLong(bytes);
        return size >= 1024 && size % 1024 == 0 ? size / 1024 + " KiB" : size + " B";
    }
}
