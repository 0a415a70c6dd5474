package rdma.bench.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The "nulldevice" and "nulldevice-lab" sections of docs/benchmarks.md, from bench/nulldevice.sh's
 * log (on the host, or in the lab): what a message costs in software alone, C against the
 * chapters' Java through JNA and through {@code java.lang.foreign}, on the null device. The log
 * holds JMH's results, "score ROUTE SIZE ns" and "error ROUTE SIZE ns" (99.9% confidence).
 *
 * <pre>java -cp ... rdma.bench.report.NullDevicePage bench/logs/nulldevice.log docs/benchmarks.md</pre>
 */
public final class NullDevicePage {
    /** Published ib_send_lat one-way medians for RC at MTU 4096, in usec (the section names the source). */
    static final double NIC_USEC_32 = 0.83;
    static final double NIC_USEC_4K = 2.28;
    static final double TARGET = 1.10;

    private final RunLog log;

    private NullDevicePage(RunLog log) {
        this.log = log;
    }

    public static void main(String[] args) throws IOException {
        Section.fromLog(args, "NullDevicePage", log -> inLab(log) ? "nulldevice-lab" : "nulldevice", NullDevicePage::render);
    }

    static boolean inLab(RunLog log) {
        return log.fact("where").equals("lab");
    }

    /** The section's Markdown: the lab's, or the host's. */
    static String render(RunLog log) {
        NullDevicePage page = new NullDevicePage(log);
        return inLab(log) ? page.lab() : page.host();
    }

    private double score(String route, String size) {
        return value("score", route, size);
    }

    private double value(String kind, String route, String size) {
        List<RunLog.Run> runs = log.runs(kind, route, size);
        if (runs.size() != 1) {
            throw new IllegalArgumentException("the log has no \"" + kind + " " + route + " " + size + "\" line");
        }
        return runs.get(0).value();
    }

    /** How many times route's time a message is C's, as the page prints it. */
    private String ratio(String route, String c, String size) {
        return String.format("%.2f", score(route, size) / score(c, size));
    }

    /** Nanoseconds route takes a message beyond route {@code under}. */
    private double added(String route, String under, String size) {
        return score(route, size) - score(under, size);
    }

    /** The upper bound of Java/C on a NIC whose one-way latency is {@code nicUsec}, with Java's extra software twice a round trip. */
    private String projected(double nicUsec, String route, String size) {
        return String.format("%.2f", (2 * nicUsec + 2 * added(route, "c", size) / 1000) / (2 * nicUsec));
    }

    private String row(String route, String label, String c) {
        return String.format("| %s | %.1f ± %.1f | %sx | %.1f ± %.1f | %sx |%n", label, score(route, "64"), value("error", route, "64"),
                ratio(route, c, "64"), score(route, "4096"), value("error", route, "4096"), ratio(route, c, "4096"));
    }

    private String routesTable() {
        return "| route | 64 B (ns/message) | vs C | 4 KiB (ns/message) | vs C |\n| --- | --- | --- | --- | --- |\n"
                + row("c", "C, rc_pingpong's loop (cloops.c)", "c")
                + row("ffm", "Java, chapter 04's loop through `java.lang.foreign` (appendix-ffm)", "c")
                + row("jna", "Java, chapter 04's loop through JNA (the chapters)", "c");
    }

    private String lab() {
        return String.format("""
                ## What a message costs in software alone, in the lab (null device)

                Measured by `lab/run bench/nulldevice.sh` on %s: the same benchmark as the section above, run inside
                the soft-RoCE lab (qemu without hardware virtualisation, %s vCPUs), Java %s with the lab's C1-only JIT
                (see docs/soft-roce.md). Nothing here touches soft-RoCE: the null device completes every work request in
                memory, so this is what emulation makes of each route's own software, per message.

                %s
                A pingpong iteration carries one message of each side's software, one after the other. In the
                lab, Java adds about %.1f us per 64 B iteration through JNA and about %.1f us through
                `java.lang.foreign`, before any packet moves: set that beside the lab's pingpong in the sections below.

                To reproduce: `lab/run bench/nulldevice.sh` (after `bench/nulldevice.sh` on the host, which builds what it needs).
                """, log.fact("date"), log.fact("cpus"), log.fact("jdk"), routesTable(), 2 * added("jna", "c", "64") / 1000,
                2 * added("ffm", "c", "64") / 1000);
    }

    private String host() {
        return String.format("""
                ## What a message costs in software alone (null device, host)

                Measured by `bench/nulldevice.sh` on %s, %s, %s CPUs, Java %s, no RDMA
                device. The null device ([`appendix-ffm/src/test/c/nulldev.c`](../appendix-ffm/src/test/c/nulldev.c)) stands in
                for libibverbs: the chapters' own code opens it, builds chapter 04's endpoint on it and connects
                the QP to itself, and its `post_send`, `post_recv` and `poll_cq`, reached through
                `ibv_context.ops` like any provider's, complete each work request in memory as it is posted (a
                send becomes a receive completion on the same QP; the bytes are copied onto the buffer they came
                from). What remains of a message is the software that drives it: one `post_send`, the
                `poll_cq` calls that find its two completions, the receives refilled behind them, and the loop's
                own bookkeeping. Three loops run it, side by side in one JMH run: rc_pingpong's loop in C
                ([`cloops.c`](../bench/src/main/c/cloops.c), verbs.h's inline calls), chapter 04's
                `PingpongLoop` as its program runs it (JNA direct mapping), and the same `PingpongLoop` with the
                appendix's `ForeignDataPath` (`java.lang.foreign`, [appendix-ffm](../appendix-ffm/README.md)).
                JMH, average time per message over invocations of 10,000 messages, 2 forks of 5 warm-up and
                5 measured iterations of 1 s; ± is JMH's 99.9%% confidence interval.

                %s
                ```mermaid
                xychart-beta
                    title "Software cost of one message on the null device (ns, lower is better)"
                    x-axis ["C", "Java + FFM", "Java + JNA"]
                    y-axis "ns per message"
                    bar [%.1f, %.1f, %.1f]
                    bar [%.1f, %.1f, %.1f]
                ```

                (The first bar of each pair is 64 B, the second 4 KiB; the null device's copy costs all routes the same.)

                What it means on an RDMA NIC. Published `ib_send_lat` results for RC (one-way median, MTU 4096):
                %.2f us at 32 B and %.2f us at 4 KiB, from the `mtu_performance` table of Dennis Potter's master's
                thesis (<https://git.dennispotter.eu/Dennis/masters-thesis>, `tables/mtu_performance.tex`). An
                `ibv_rc_pingpong` iteration is a round trip, two of those, and each side's software for one
                message lies on it once. Adding what Java adds per message here, twice, to that round trip gives
                an upper bound for a small message (some of the work, such as refilling receives, overlaps the
                wire): JNA adds about %.0f ns per message, a projected Java/C ratio of at most
                %sx at 64 B and %sx at 4 KiB; `java.lang.foreign` adds about %.0f ns, at
                most %sx and %sx. The lab cannot show either: there every instruction is emulated.

                """, log.fact("date"), log.fact("machine"), log.fact("cpus"), log.fact("jdk"), routesTable(),
                score("c", "64"), score("ffm", "64"), score("jna", "64"), score("c", "4096"), score("ffm", "4096"),
                score("jna", "4096"), NIC_USEC_32, NIC_USEC_4K, added("jna", "c", "64"), projected(NIC_USEC_32, "jna", "64"),
                projected(NIC_USEC_4K, "jna", "4096"), added("ffm", "c", "64"), projected(NIC_USEC_32, "ffm", "64"),
                projected(NIC_USEC_4K, "ffm", "4096")) + writeLoops();
    }

    /** Chapter 05's loops on the null device, and what the critical post_send prices. */
    private String writeLoops() {
        return String.format("""
                Chapter 05's loops, the same way ([`NullDeviceWriteBenchmark`](../bench/src/main/java/rdma/bench/NullDeviceWriteBenchmark.java)):
                a QP connected to itself writes from the first half of its buffer into the second, the memory a
                peer would grant. The latency test is `WriteLoops.latency` as the side that writes first (each
                message's last byte is its number; the loop waits for the write's completion, then for that byte
                in memory); the bandwidth test is `WriteLoops.bandwidth` (128 writes in flight, a completion asked
                for every 100). Both run with the chapter's defaults for their test (inline up to 220 bytes in the
                latency test), and the C loops in `cloops.c` are perftest's, `ib_write_lat`'s and `ib_write_bw`'s,
                with the same work requests and flags and the same timestamps kept. Each invocation is a run of
                10,000 messages; a Java run makes its `WriteLoops` anew (a run counts from zero), a few objects per run.

                | loop, route | 64 B (ns/message) | vs C | 4 KiB (ns/message) | vs C |
                | --- | --- | --- | --- | --- |
                %s
                ```mermaid
                xychart-beta
                    title "Java's time per 64 B message, in multiples of C's (lower is better)"
                    x-axis ["04 pingpong", "05 write latency", "05 write bandwidth"]
                    y-axis "x of C"
                    bar [%s, %s, %s]
                    bar [%s, %s, %s]
                ```

                (The first bar of each pair is `java.lang.foreign`, the second JNA.)

                Target: `java.lang.foreign` within %.2fx of C per message. Chapter 04's loop: %sx and
                %sx (%s). Chapter 05's latency loop: %sx and %sx
                (%s); its bandwidth loop: %sx and %sx (%s).
                At 64 B Java takes %.0f ns more than C per latency message and %.0f ns more per bandwidth message.
                The downcalls are the same in number as C's calls (a `post_send` per message; the `poll_cq` that
                finds a completion, per message in the latency test, per hundred in the bandwidth test), and the
                last two rows price the first part of the difference. They run the same loops with `post_send` a
                `critical` downcall ([`CriticalPostDataPath`](../bench/src/main/java22/rdma/bench/CriticalPostDataPath.java)), which
                the null device allows, since its `post_send` never enters the kernel, and soft-RoCE does not: its
                `post_send` rings the doorbell with a system call, so the appendix makes it an ordinary downcall,
                as a program must. An ordinary downcall moves the thread out of the JVM's state on the way out
                and back into it on the way back, where it checks that no safepoint began meanwhile; a critical
                one does neither. That change of state costs a latency message %s and a bandwidth
                message %s at 64 B. What remains, %.0f ns and %.0f ns, is the Java code around
                the calls: the work requests and completions read and written through bounds-checked buffers, the
                calls reached through the chapters' `DataPath` and the waits' objects, where C's loop touches
                its structures directly. C's loops do little per message (%.1f ns for a latency message,
                %.1f ns for a bandwidth one), so a few nanoseconds are a large share of them; chapter 04's
                pingpong does more per message (a receive refilled, two completions), and there they weigh less.
                %s

                On a NIC, where a message takes a microsecond or more, these few nanoseconds are a percent or less.

                To reproduce: `bench/nulldevice.sh` (it builds what it needs; a JDK of 22 or later is required).
                """,
                row("latencyC", "latency, C (ib_write_lat's loop)", "latencyC")
                        + row("latencyFfm", "latency, chapter 05 through `java.lang.foreign`", "latencyC")
                        + row("latencyJna", "latency, chapter 05 through JNA", "latencyC")
                        + row("bandwidthC", "bandwidth, C (ib_write_bw's loop)", "bandwidthC")
                        + row("bandwidthFfm", "bandwidth, chapter 05 through `java.lang.foreign`", "bandwidthC")
                        + row("bandwidthJna", "bandwidth, chapter 05 through JNA", "bandwidthC")
                        + row("latencyCriticalPost", "latency, through `java.lang.foreign` with `post_send` critical (priced only: wrong on"
                                + " soft-RoCE)", "latencyC")
                        + row("bandwidthCriticalPost", "bandwidth, through `java.lang.foreign` with `post_send` critical (priced only: wrong"
                                + " on soft-RoCE)", "bandwidthC"),
                ratio("ffm", "c", "64"), ratio("latencyFfm", "latencyC", "64"), ratio("bandwidthFfm", "bandwidthC", "64"),
                ratio("jna", "c", "64"), ratio("latencyJna", "latencyC", "64"), ratio("bandwidthJna", "bandwidthC", "64"),
                TARGET, ratio("ffm", "c", "64"), ratio("ffm", "c", "4096"), within("ffm", "c"),
                ratio("latencyFfm", "latencyC", "64"), ratio("latencyFfm", "latencyC", "4096"), within("latencyFfm", "latencyC"),
                ratio("bandwidthFfm", "bandwidthC", "64"), ratio("bandwidthFfm", "bandwidthC", "4096"), within("bandwidthFfm", "bandwidthC"),
                added("latencyFfm", "latencyC", "64"), added("bandwidthFfm", "bandwidthC", "64"),
                nanos(added("latencyFfm", "latencyCriticalPost", "64")), nanos(added("bandwidthFfm", "bandwidthCriticalPost", "64")),
                added("latencyCriticalPost", "latencyC", "64"), added("bandwidthCriticalPost", "bandwidthC", "64"),
                score("latencyC", "64"), score("bandwidthC", "64"), transitionVerdict());
    }

    /** A difference in ns as the page says it: "10 ns", or "no measurable time" below half a nanosecond. */
    static String nanos(double difference) {
        return difference < 0.5 ? "no measurable time (" + String.format("%.1f", difference) + " ns)" : String.format("%.0f ns", difference);
    }

    /** "met" when route is within the target of C at both sizes. */
    private String within(String route, String c) {
        return Pages.atMost(TARGET, Double.parseDouble(ratio(route, c, "64"))).equals("met")
                && Pages.atMost(TARGET, Double.parseDouble(ratio(route, c, "4096"))).equals("met") ? "met" : "not met";
    }

    /** The ordinary downcall's change of state in chapter 05's loop, in percent of C's whole message at 64 B. */
    private long transitionShare(String loop) {
        return Math.max(0, Math.round(100 * added(loop + "Ffm", loop + "CriticalPost", "64") / score(loop + "C", "64")));
    }

    /** Whether that change of state alone already breaks the target in both loops. */
    private String transitionVerdict() {
        long latency = transitionShare("latency");
        long bandwidth = transitionShare("bandwidth");
        String verdict = latency > 10 && bandwidth > 10
                ? "through a `post_send` that may enter the kernel, as a program must call it, they cannot come within 1.10x of C."
                : "the rest of the gap is the Java code's.";
        return String.format("In chapter 05's loops the change of state alone is %d%% of C's latency message and %d%% of its bandwidth"
                + " message: %s", latency, bandwidth, verdict);
    }
}
