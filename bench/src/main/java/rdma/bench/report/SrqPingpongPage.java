package rdma.bench.report;

import java.io.IOException;
import java.util.List;

/**
 * The "srq-pingpong" section of docs/benchmarks.md, from bench/srq-pingpong.sh's log: chapter 12
 * against ibv_srq_pingpong, whole runs and steady state, at two sizes.
 *
 * <pre>java -cp ... rdma.bench.report.SrqPingpongPage bench/logs/srq-pingpong.log docs/benchmarks.md</pre>
 */
public final class SrqPingpongPage {
    static final List<String> SIZES = List.of("64", "4096");

    private SrqPingpongPage() {
    }

    public static void main(String[] args) throws IOException {
        Section.fromLog(args, "SrqPingpongPage", log -> "srq-pingpong", SrqPingpongPage::render);
    }

    /** The section's Markdown. */
    static String render(RunLog log) {
        String[] devices = log.fact("devices").split(" ");
        StringBuilder page = new StringBuilder(String.format("""
                ## Chapter 12 (shared receive queue) against ibv_srq_pingpong, in the lab

                Measured by `bench/srq-pingpong.sh` on %s, server on `%s`, client on `%s`%s, %s QPs on one
                shared receive queue on each side (both tools' default), %d alternating rounds per size, the server
                on CPU 0 and the client on CPU 1. Each round runs each tool for N and 4N iterations, counted over all
                the QPs together as both tools count them; whole and steady are read as in chapter 04's section above,
                a ratio above 1 means Java takes longer per iteration.

                | size | N | C whole | Java whole | Java/C whole | C steady | Java steady | Java/C steady |
                | --- | --- | --- | --- | --- | --- | --- | --- |
                """, log.fact("date"), devices[0], devices[1], Pages.gid(log), log.fact("qps"), Pages.whole(log, "c", "64").size()));
        StringBuilder ranges = new StringBuilder();
        for (String size : SIZES) {
            List<Double> cWhole = Pages.whole(log, "c", size);
            List<Double> javaWhole = Pages.whole(log, "java", size);
            List<Double> cSteady = Pages.steady(log, "c", size);
            List<Double> javaSteady = Pages.steady(log, "java", size);
            page.append(String.format("| %s | %s | %.2f | %.2f | %.2fx | %.2f | %.2f | %.2fx |%n", Pages.sizeName(size),
                    log.fact("iterations " + size), Stats.median(cWhole), Stats.median(javaWhole), Stats.pairedMedian(javaWhole, cWhole),
                    Stats.median(cSteady), Stats.median(javaSteady), Stats.pairedMedian(javaSteady, cSteady)));
            ranges.append(String.format("%s whole %s, steady %s; ", Pages.sizeName(size), Stats.ratioRange(javaWhole, cWhole),
                    Stats.ratioRange(javaSteady, cSteady)));
        }
        page.append(String.format("""

                The rounds' own ratios, lowest to highest: %s.

                Where: %s.
                Java: %s; JNA %s. rdma-core: %s.

                To reproduce: `mvn -q install -DskipTests && lab/run bench/srq-pingpong.sh`.
                """, ranges.substring(0, ranges.length() - 2), Pages.where(log), log.fact("java"), log.fact("jna"),
                log.fact("rdma-core")));
        return page.toString();
    }
}
