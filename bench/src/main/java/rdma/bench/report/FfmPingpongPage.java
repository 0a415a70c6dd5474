package rdma.bench.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The "ffm-pingpong" section of docs/benchmarks.md, from bench/ffm-pingpong.sh's log: chapter
 * 04's pingpong through {@code java.lang.foreign} (the appendix), through JNA, and rdma-core's
 * ibv_rc_pingpong, whole runs and steady state.
 *
 * <pre>java -cp ... rdma.bench.report.FfmPingpongPage bench/logs/ffm-pingpong.log docs/benchmarks.md</pre>
 */
public final class FfmPingpongPage {
    private FfmPingpongPage() {
    }

    public static void main(String[] args) throws IOException {
        Section.fromLog(args, "FfmPingpongPage", log -> "ffm-pingpong", FfmPingpongPage::render);
    }

    /** The section's Markdown. */
    static String render(RunLog log) {
        String[] devices = log.fact("devices").split(" ");
        List<String> sizes = log.distinct("short", 2);
        StringBuilder page = new StringBuilder(String.format("""
                ## Appendix: the pingpong through `java.lang.foreign`, in the lab

                Measured by `bench/ffm-pingpong.sh` on %s, server on `%s`, client on
                `%s`%s, %d alternating rounds per size, the server on CPU 0 and the client on
                CPU 1 (`taskset`: each side on a CPU of its own, as on two hosts). In each round every tool runs N
                and 4N iterations. Whole is the client's `usec/iter` for the N-iteration run; steady is the
                longer run's extra 3N iterations alone ((4 x its usec/iter minus the shorter run's) / 3), which
                leaves out what every run pays once: the JIT compiling the loop, the first messages. A cell is
                the median of the rounds. Both Java routes ran on Java %s, the same program with the
                data path as the only difference.

                """, log.fact("date"), devices[0], devices[1], Pages.gid(log), Pages.whole(log, "c", sizes.get(0)).size(),
                log.fact("jdk")))
                .append(Pages.PINNED_JVM_NOTE)
                .append("""

                        | size | N | C whole | JNA whole | FFM whole | C steady | JNA steady | FFM steady |
                        | --- | --- | --- | --- | --- | --- | --- | --- |
                        """);
        for (String size : sizes) {
            page.append(String.format("| %s | %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f |%n", Pages.sizeName(size),
                    log.fact("iterations " + size), whole(log, "c", size), whole(log, "jna", size), whole(log, "ffm", size),
                    steady(log, "c", size), steady(log, "jna", size), steady(log, "ffm", size)));
        }
        page.append("""

                A ratio is the median of each round's own ratio, of runs a minute apart: the lab's speed drifts
                by more than these differences over a quarter of an hour. Above 1 the first takes longer.

                | size | JNA/C whole | FFM/C whole | JNA/C steady | FFM/C steady | FFM/JNA steady |
                | --- | --- | --- | --- | --- | --- |
                """);
        List<String> jnaRanges = new ArrayList<>();
        List<String> ffmRanges = new ArrayList<>();
        List<String> ffmJnaRanges = new ArrayList<>();
        for (String size : sizes) {
            page.append(String.format("| %s | %.2fx | %.2fx | %.2fx | %.2fx | %.2fx |%n", Pages.sizeName(size),
                    Stats.pairedMedian(Pages.whole(log, "jna", size), Pages.whole(log, "c", size)),
                    Stats.pairedMedian(Pages.whole(log, "ffm", size), Pages.whole(log, "c", size)),
                    Stats.pairedMedian(Pages.steady(log, "jna", size), Pages.steady(log, "c", size)),
                    Stats.pairedMedian(Pages.steady(log, "ffm", size), Pages.steady(log, "c", size)),
                    Stats.pairedMedian(Pages.steady(log, "ffm", size), Pages.steady(log, "jna", size))));
            jnaRanges.add(Stats.ratioRange(Pages.steady(log, "jna", size), Pages.steady(log, "c", size)) + " at " + Pages.sizeName(size));
            ffmRanges.add(Stats.ratioRange(Pages.steady(log, "ffm", size), Pages.steady(log, "c", size)) + " at " + Pages.sizeName(size));
            ffmJnaRanges.add(Stats.ratioRange(Pages.steady(log, "ffm", size), Pages.steady(log, "jna", size)) + " at "
                    + Pages.sizeName(size));
        }
        return page.append(String.format("""

                The rounds' own steady ratios, lowest to highest, show how far apart the lab put runs of the same
                programs: JNA/C %s; FFM/C %s; FFM/JNA %s.

                ```mermaid
                xychart-beta
                    title "64 B pingpong in the lab, steady state (usec/iter, lower is better)"
                    x-axis ["C", "Java + FFM", "Java + JNA"]
                    y-axis "usec per iteration"
                    bar [%.2f, %.2f, %.2f]
                ```

                Where: %s.
                JNA %s. rdma-core: %s.

                To reproduce: `JAVA_HOME=<JDK 22+> mvn -q install -DskipTests && lab/run bench/ffm-pingpong.sh`.
                """, String.join(", ", jnaRanges), String.join(", ", ffmRanges), String.join(", ", ffmJnaRanges),
                steady(log, "c", "64"), steady(log, "ffm", "64"), steady(log, "jna", "64"), Pages.where(log), log.fact("jna"),
                log.fact("rdma-core"))).toString();
    }

    private static double whole(RunLog log, String tool, String size) {
        return Stats.median(Pages.whole(log, tool, size));
    }

    private static double steady(RunLog log, String tool, String size) {
        return Stats.median(Pages.steady(log, tool, size));
    }
}
