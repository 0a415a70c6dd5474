package rdma.bench.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The "rc-pingpong" section of docs/benchmarks.md, from bench/rc-pingpong.sh's log: chapter 04
 * against ibv_rc_pingpong, whole runs and steady state, at three sizes.
 *
 * <pre>java -cp ... rdma.bench.report.RcPingpongPage bench/logs/rc-pingpong.log docs/benchmarks.md</pre>
 */
public final class RcPingpongPage {
    static final List<String> SIZES = List.of("64", "4096", "65536");
    static final double TARGET = 1.10;

    private RcPingpongPage() {
    }

    public static void main(String[] args) throws IOException {
        Section.fromLog(args, "RcPingpongPage", log -> "rc-pingpong", RcPingpongPage::render);
    }

    /** The section's Markdown. */
    static String render(RunLog log) {
        String[] devices = log.fact("devices").split(" ");
        StringBuilder page = new StringBuilder();
        page.append(String.format("""
                ## Chapter 04 (Java) against ibv_rc_pingpong (C), in the lab

                Measured by `bench/rc-pingpong.sh` on %s, server on `%s`, client on
                `%s`%s, %d alternating rounds per size, the server on CPU 0 and the client on CPU 1
                """, log.fact("date"), devices[0], devices[1], Pages.gid(log), Pages.whole(log, "c", "64").size()))
                .append("""
                        (`taskset`: each side on a CPU of its own, as on two hosts). In each round each tool runs N and
                        4N iterations. Whole is the client's `usec/iter` for the N-iteration run, what either tool reports:
                        for Java it includes the first iterations, run interpreted while the JIT compiles the loop.
                        Steady is the extra 3N iterations of the longer run alone ((4 x its usec/iter minus the
                        shorter run's) / 3), which leaves out what every run pays once. A cell is the median
                        of the rounds; a ratio is the median of each round's own ratio of Java to C, two runs a minute
                        or two apart, since the lab's speed drifts by more than that over a quarter of an hour. Above 1
                        Java takes longer per iteration.

                        """)
                .append(Pages.PINNED_JVM_NOTE)
                .append("""

                        | size | N | C whole | Java whole | Java/C whole | C steady | Java steady | Java/C steady |
                        | --- | --- | --- | --- | --- | --- | --- | --- |
                        """);
        List<String> wholeRatios = new ArrayList<>();
        List<String> steadyRatios = new ArrayList<>();
        List<String> wholeRanges = new ArrayList<>();
        List<String> steadyRanges = new ArrayList<>();
        for (String size : SIZES) {
            List<Double> cWhole = Pages.whole(log, "c", size);
            List<Double> javaWhole = Pages.whole(log, "java", size);
            List<Double> cSteady = Pages.steady(log, "c", size);
            List<Double> javaSteady = Pages.steady(log, "java", size);
            wholeRatios.add(String.format("%.2f", Stats.pairedMedian(javaWhole, cWhole)));
            steadyRatios.add(String.format("%.2f", Stats.pairedMedian(javaSteady, cSteady)));
            wholeRanges.add(Stats.ratioRange(javaWhole, cWhole) + " at " + Pages.sizeName(size));
            steadyRanges.add(Stats.ratioRange(javaSteady, cSteady) + " at " + Pages.sizeName(size));
            page.append(String.format("| %s | %s | %.2f | %.2f | %sx | %.2f | %.2f | %sx |%n", Pages.sizeName(size),
                    log.fact("iterations " + size), Stats.median(cWhole), Stats.median(javaWhole), wholeRatios.get(wholeRatios.size() - 1),
                    Stats.median(cSteady), Stats.median(javaSteady), steadyRatios.get(steadyRatios.size() - 1)));
        }
        page.append(String.format("""

                ```mermaid
                xychart-beta
                    title "Java / C, usec per iteration (1 is C's; lower is better)"
                    x-axis ["64 B", "4 KiB", "64 KiB"]
                    y-axis "Java / C"
                    line [%s]
                    line [%s]
                ```

                (The lines: Java/C whole, then Java/C steady, as in the table.)

                The rounds' own ratios, lowest to highest, show how far apart the lab put runs of the same
                programs: whole %s; steady %s.

                """, String.join(", ", wholeRatios), String.join(", ", steadyRatios), String.join(", ", wholeRanges),
                String.join(", ", steadyRanges)))
                .append(String.format("""
                        The project's target is Java within %.2fx of C in latency at 64 B and 4 KiB. In this run: whole
                        %sx and %sx, so the target is %s for the whole run; steady
                        %sx and %sx, so it is %s in the steady state.

                        """, TARGET, wholeRatios.get(0), wholeRatios.get(1), bothMet(wholeRatios), steadyRatios.get(0), steadyRatios.get(1),
                        bothMet(steadyRatios)))
                .append(String.format("""
                        Where: %s.
                        Java: %s; JNA %s. rdma-core: %s.

                        Under CPU emulation both tools are slowed, but not equally: read the ratios as this lab's, and
                        measure on your own hardware before drawing conclusions.

                        To reproduce: `mvn -q install -DskipTests && lab/run bench/rc-pingpong.sh` (or, with your own
                        devices, `bench/rc-pingpong.sh <server dev> <client dev> <gid index>`).
                        """, Pages.where(log), log.fact("java"), log.fact("jna"), log.fact("rdma-core")));
        return page.toString();
    }

    /** "met" when the ratios at 64 B and 4 KiB are both within the target. */
    private static String bothMet(List<String> ratios) {
        return Pages.atMost(TARGET, Double.parseDouble(ratios.get(0))).equals("met")
                && Pages.atMost(TARGET, Double.parseDouble(ratios.get(1))).equals("met") ? "met" : "not met";
    }
}
