package rdma.bench.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The "ffm-write" section of docs/benchmarks.md, from bench/ffm-write.sh's log: chapter 05's
 * write latency test through {@code java.lang.foreign} (the appendix), through JNA, and
 * perftest's ib_write_lat, by t_typical and t_avg.
 *
 * <pre>java -cp ... rdma.bench.report.FfmWritePage bench/logs/ffm-write.log docs/benchmarks.md</pre>
 */
public final class FfmWritePage {
    private FfmWritePage() {
    }

    public static void main(String[] args) throws IOException {
        Section.fromLog(args, "FfmWritePage", log -> "ffm-write", FfmWritePage::render);
    }

    /** The section's Markdown. */
    static String render(RunLog log) {
        String[] devices = log.fact("devices").split(" ");
        List<String> sizes = log.distinct("typical", 2);
        StringBuilder page = new StringBuilder(String.format("""
                ## Appendix: RDMA WRITE latency through `java.lang.foreign`, in the lab (chapter 05)

                Measured by `bench/ffm-write.sh` on %s, server on `%s`, client on
                `%s`%s, %d alternating rounds per size of %s writes each:
                `ib_write_lat`, chapter 05's test through JNA, and the same test through `java.lang.foreign`
                (`appendix-ffm write`), each side writing into the other's memory and watching its own for the
                answer. A cell is the median over the rounds of the client's t_typical (the median iteration: the
                JIT's warm-up left out) or t_avg (the mean: warm-up kept in), in usec, half a round trip as
                perftest reports a write's latency; a ratio, of t_typical, is the median of each round's own ratio,
                of runs a minute apart. Java sent inline what `ib_write_lat` said it did. Both Java
                routes ran on Java %s, the same program with the data path as the only difference.

                | size | C t_typical | JNA t_typical | FFM t_typical | JNA/C | FFM/C | C t_avg | JNA t_avg | FFM t_avg |
                | --- | --- | --- | --- | --- | --- | --- | --- | --- |
                """, log.fact("date"), devices[0], devices[1], Pages.gid(log), log.values("typical", "c", sizes.get(0)).size(),
                log.fact("writes"), log.fact("jdk")));
        List<String> jnaRanges = new ArrayList<>();
        List<String> ffmRanges = new ArrayList<>();
        for (String size : sizes) {
            List<Double> c = log.values("typical", "c", size);
            List<Double> jna = log.values("typical", "jna", size);
            List<Double> ffm = log.values("typical", "ffm", size);
            page.append(String.format("| %s | %.2f | %.2f | %.2f | %.2fx | %.2fx | %.2f | %.2f | %.2f |%n", Pages.sizeName(size),
                    Stats.median(c), Stats.median(jna), Stats.median(ffm), Stats.pairedMedian(jna, c), Stats.pairedMedian(ffm, c),
                    Stats.median(log.values("average", "c", size)), Stats.median(log.values("average", "jna", size)),
                    Stats.median(log.values("average", "ffm", size))));
            jnaRanges.add(Stats.ratioRange(jna, c) + " at " + Pages.sizeName(size));
            ffmRanges.add(Stats.ratioRange(ffm, c) + " at " + Pages.sizeName(size));
        }
        String first = sizes.get(0);
        return page.append(String.format("""

                The rounds' own ratios, lowest to highest, show how far apart the lab put runs of the same
                programs: JNA/C %s; FFM/C %s.

                ```mermaid
                xychart-beta
                    title "%s RDMA WRITE latency in the lab, t_typical (usec, lower is better)"
                    x-axis ["C", "Java + FFM", "Java + JNA"]
                    y-axis "usec"
                    bar [%.2f, %.2f, %.2f]
                ```

                Where: %s.
                JNA %s. rdma-core: %s; perftest: %s.

                To reproduce: `JAVA_HOME=<JDK 22+> mvn -q install -DskipTests && lab/run bench/ffm-write.sh`.
                """, String.join(", ", jnaRanges), String.join(", ", ffmRanges), Pages.sizeName(first),
                Stats.median(log.values("typical", "c", first)), Stats.median(log.values("typical", "ffm", first)),
                Stats.median(log.values("typical", "jna", first)), Pages.where(log), log.fact("jna"), log.fact("rdma-core"),
                log.fact("perftest"))).toString();
    }
}
