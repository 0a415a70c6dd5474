package rdma.bench.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import rdma.bench.report.Profile.Place;

/**
 * The "rdma-write" and "rdma-read" sections of docs/benchmarks.md, from bench/rdma-perf.sh's log:
 * chapter 05 against ib_write_lat and ib_write_bw, or chapter 06 against ib_read_lat and
 * ib_read_bw, at three sizes; for write, IBV_SEND_INLINE's effect on Java alone; and where a
 * minute-long 64 B latency run of each tool spends its CPU.
 *
 * <pre>java -cp ... rdma.bench.report.RdmaPerfPage bench/logs/rdma-write.log docs/benchmarks.md</pre>
 */
public final class RdmaPerfPage {
    static final List<String> SIZES = List.of("64", "4096", "65536");
    static final double LATENCY_TARGET = 1.10;
    static final double BANDWIDTH_TARGET = 0.95;

    private RdmaPerfPage() {
    }

    public static void main(String[] args) throws IOException {
        Section.fromLog(args, "RdmaPerfPage", log -> "rdma-" + log.fact("verb"), RdmaPerfPage::render);
    }

    /** The section's Markdown. */
    static String render(RunLog log) {
        boolean write = log.fact("verb").equals("write");
        String verb = log.fact("verb");
        String[] devices = log.fact("devices").split(" ");
        StringBuilder page = new StringBuilder();
        page.append(String.format("## Chapter %s (%s) against perftest's ib_%s_lat and ib_%s_bw, in the lab%n%n", write ? "05" : "06",
                write ? "RDMA WRITE" : "RDMA READ", verb, verb))
                .append(String.format("Measured by `bench/rdma-perf.sh %s` on %s, server on `%s`, client on%n`%s`%s, %d alternating"
                        + " runs of each tool per size; each cell is the median%n", verb, log.fact("date"), devices[0], devices[1], Pages.gid(log),
                        log.values("lat", "c", "64").size()))
                .append("""
                        of the client's own report: perftest's t_typical (the median latency) for the latency tests, its
                        BW average for the bandwidth tests. A ratio is the median of each round's own ratio of Java to C,
                        two runs one after the other, since the lab's speed drifts over minutes by more than the runs
                        differ (the lowest and highest of those are beside it): for latency above 1 means Java is slower,
                        for bandwidth below 1 means Java moves less.

                        | test | size | iters | C | Java | Java/C | rounds' Java/C | unit |
                        | --- | --- | --- | --- | --- | --- | --- | --- |
                        """);
        List<String> latency = new ArrayList<>();
        List<String> bandwidth = new ArrayList<>();
        for (String test : List.of("lat", "bw")) {
            String unit = test.equals("lat") ? "usec (t_typical)" : "MB/sec (BW average; perftest MB = 2^20 B)";
            for (String size : SIZES) {
                List<Double> c = log.values(test, "c", size);
                List<Double> java = log.values(test, "java", size);
                double ratio = Stats.pairedMedian(java, c);
                (test.equals("lat") ? latency : bandwidth).add(String.format("%.2f", ratio));
                page.append(String.format("| %s | %s | %s | %.2f | %.2f | %.2fx | %s | %s |%n", test, Pages.sizeName(size),
                        log.fact(test + " iters"), Stats.median(c), Stats.median(java), ratio, Stats.ratioRange(java, c), unit));
            }
        }
        page.append(String.format("""

                ```mermaid
                xychart-beta
                    title "Java / C by message size (1 is C's)"
                    x-axis ["64 B", "4 KiB", "64 KiB"]
                    y-axis "Java / C"
                    line [%s]
                    line [%s]
                ```

                (The lines, as in the table: latency, where below 1 is better than C, then bandwidth, where above 1 is.)

                """, String.join(", ", latency), String.join(", ", bandwidth)))
                .append(targets(latency, bandwidth));
        if (write) {
            page.append(inline(log));
        }
        page.append(profile(log, verb, write))
                .append(String.format("%nWhere: %s.%nJava: %s; JNA %s. perftest: %s.%n%n", Pages.where(log), log.fact("java"),
                        log.fact("jna"), log.fact("perftest")))
                .append(String.format("To reproduce: `mvn -q install -DskipTests && lab/run bench/rdma-perf.sh %s`.%n", verb));
        return page.toString();
    }

    /** Whether the ratios meet the project's targets. */
    private static String targets(List<String> latency, List<String> bandwidth) {
        List<String> verdicts = latency.stream().map(ratio -> Pages.atMost(LATENCY_TARGET, Double.parseDouble(ratio))).toList();
        return String.format("Targets: latency within %.2fx of C, bandwidth at least %.2fx of C at 64 KiB. In this run: latency"
                + " %sx, %sx and %sx (the target %s at 64 B, %s at 4 KiB, %s at 64 KiB); bandwidth at 64 KiB %sx (the target %s).%n",
                LATENCY_TARGET, BANDWIDTH_TARGET, latency.get(0), latency.get(1), latency.get(2), verdicts.get(0), verdicts.get(1),
                verdicts.get(2), bandwidth.get(2), Pages.atLeast(BANDWIDTH_TARGET, Double.parseDouble(bandwidth.get(2))));
    }

    /** IBV_SEND_INLINE at 64 B, Java alone, sent inline and not in alternating runs. */
    private static String inline(RunLog log) {
        List<Double> on = log.values("inline", "on", "64");
        List<Double> off = log.values("inline", "off", "64");
        double onMedian = Stats.median(on);
        double offMedian = Stats.median(off);
        // whether the medians differ by more than the runs of either setting differ among themselves
        double spread = Math.max(spread(on), spread(off));
        return String.format("""

                Java sends inline exactly what perftest did (the `Max inline data` its report prints, %s bytes here), so both
                do the same work.

                `IBV_SEND_INLINE` at 64 B, Java alone: perftest turns inline off on a device it does not recognise, soft-RoCE
                among them, so C cannot show it here. t_typical (usec) of %d alternating runs of 1000 writes each:

                | chapter 05's latency test | each run | median |
                | --- | --- | --- |
                | `-I 64` (inline) | %s | %.2f |
                | `-I 0` (not inline) | %s | %.2f |

                Inline / not inline: %.2fx (the median of the rounds' ratios); the two medians differ by
                %s the runs of one setting differ among themselves. soft-RoCE has nothing for inline to save: its provider
                copies an inline payload into the work request, and otherwise its kernel driver copies the payload from the
                registered buffer as it builds the packet, one copy by the CPU either way. On a NIC, inline spares the device a
                DMA read of the buffer (a round trip over PCIe) before the first byte can leave, which is why perftest sends
                small writes inline on the NICs it knows.
                """, log.fact("c inline"), on.size(), runs(on), onMedian, runs(off), offMedian, Stats.pairedMedian(on, off),
                Math.abs(onMedian - offMedian) < spread ? "less than" : "more than");
    }

    /** Where the CPU of a 64 B latency run of each tool goes, from the profiles of the log's minute-long runs. */
    private static String profile(RunLog log, String verb, boolean write) {
        if (log.runs("wall").isEmpty()) {
            return String.format("%n(Where the CPU goes is not measured here: `perf` is not installed, or may not sample every CPU."
                    + " It is in the lab.)%n");
        }
        int cpus = Integer.parseInt(log.fact("cpus"));
        Profile c = Profile.of(log, "profile", "c");
        Profile java = Profile.of(log, "profile", "java");
        double cWall = log.runs("wall", "c").get(0).value();
        double javaWall = log.runs("wall", "java").get(0).value();
        double userMore = java.usec(cpus, javaWall, Place.JIT, Place.JVM, Place.LIBRARIES) - c.usec(cpus, cWall, Place.LIBRARIES);
        double kernelMore = (java.usec(cpus, javaWall, Place.KERNEL) - java.usec(cpus, javaWall, Place.CLOCK))
                - (c.usec(cpus, cWall, Place.KERNEL) - c.usec(cpus, cWall, Place.CLOCK));
        String spinning = write ? " Both sides of a write test spin on memory while they wait for the other's write (C in its"
                + " program, Java in JIT-compiled code), so there most of the code in user space is waiting." : "";
        return String.format("""

                Where the CPU of a 64 B %s goes: `perf` sampled every CPU for 8 s in the middle of a run of about a minute of
                each tool (a round trip an iteration%s; the runs' iterations from the medians above), and each sample of the
                tool's processes, both sides, is counted by where it was (for Java, its main threads', which run the loop):

                %s
                In these long runs Java's iteration took %.1f usec more than C's (%.2fx), and %.1f usec more CPU: JNA's dispatch
                %.1f usec, reading the clock %.1f, the rest of the code in user space (JIT-compiled Java, the JVM and libraries,
                against C's program and libraries) %.1f, and the kernel's own work, the clock aside, %.1f.%s The clock is the
                lab's doing: perftest times each iteration with the CPU's cycle counter (`rdtsc`, an instruction), Java with
                `System.nanoTime`, the kernel's clock, which in the lab is an emulated HPET read through a system call (on most
                machines, the CPU's own counter, read in user space).
                """, write ? "write" : "READ", write ? ", a write each way" : "",
                Profile.table("usec of CPU per iteration, both sides", cpus, "`ib_" + verb + "_lat`", c, cWall,
                        "`" + (write ? "05-rdma-write" : "06-rdma-read") + "`", java, javaWall, "the run's mean usec per iteration"),
                javaWall - cWall, javaWall / cWall, java.usec(cpus, javaWall) - c.usec(cpus, cWall),
                java.usec(cpus, javaWall, Place.JNA), java.usec(cpus, javaWall, Place.CLOCK), userMore, kernelMore, spinning);
    }

    /** A setting's runs as the table lists them: "52.51 91.30 74.11". */
    private static String runs(List<Double> values) {
        return String.join(" ", values.stream().map(value -> String.format("%.2f", value)).toList());
    }

    private static double spread(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).max().orElseThrow()
                - values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    }
}
