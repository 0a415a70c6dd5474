package rdma.bench.report;

import java.io.IOException;
import java.util.List;
import rdma.bench.report.Profile.Place;

/**
 * The "comp-channel" section of docs/benchmarks.md, from bench/comp-channel.sh's log: chapter
 * 08's three ways to wait beside ibv_rc_pingpong without and with -e, in latency and CPU, with the
 * two sides placed three ways; where the CPU of a pingpong on events goes; the file transfer in
 * each mode; and what a wait costs when nothing arrives.
 *
 * <pre>java -cp ... rdma.bench.report.CompChannelPage bench/logs/comp-channel.log docs/benchmarks.md</pre>
 */
public final class CompChannelPage {
    /** The tools as the log names them, and as the tables show them. */
    static final List<List<String>> TOOLS = List.of(
            List.of("c", "`ibv_rc_pingpong`"),
            List.of("c-e", "`ibv_rc_pingpong -e`"),
            List.of("c-poll-first-e", "`ibv_rc_pingpong -e`, poll(2) first"),
            List.of("java-poll", "`08 pingpong --wait poll`"),
            List.of("java-events", "`08 pingpong --wait events`"),
            List.of("java-adaptive", "`08 pingpong --wait adaptive`"));
    static final List<String> SIZES = List.of("64", "4096");
    static final double TARGET = 1.25;
    static final String EVENTS = "java-events";
    static final String C_EVENTS = "c-e";

    private final RunLog log;

    private CompChannelPage(RunLog log) {
        this.log = log;
    }

    public static void main(String[] args) throws IOException {
        Section.fromLog(args, "CompChannelPage", log -> "comp-channel", CompChannelPage::render);
    }

    /** The section's Markdown. */
    static String render(RunLog log) {
        return new CompChannelPage(log).render();
    }

    /** A tool's runs of N iterations, round by round: usec/iter or CPU s per 1000 iterations. */
    private List<Double> whole(String measure, String tool, String placement, String size) {
        return log.values(measure, "short", tool, placement, size);
    }

    /** A tool's steady state, round by round. */
    private List<Double> steady(String measure, String tool, String placement, String size) {
        return Stats.steady(whole(measure, tool, placement, size), log.values(measure, "long", tool, placement, size));
    }

    private double steadyMedian(String measure, String tool, String placement, String size) {
        return Stats.median(steady(measure, tool, placement, size));
    }

    /** Java over C in the steady state, the median of the rounds' own ratios, as the page prints it. */
    private String ratio(String measure, String over, String under, String placement, String size) {
        return String.format("%.2f", Stats.pairedMedian(steady(measure, over, placement, size), steady(measure, under, placement, size)));
    }

    private String render() {
        String[] devices = log.fact("devices").split(" ");
        int iterations = Integer.parseInt(log.fact("iterations"));
        StringBuilder page = new StringBuilder(String.format("""
                ## Chapter 08 (completion events): poll, events and adaptive, in the lab

                Measured by `bench/comp-channel.sh` on %s, server on `%s`, client on `%s`.

                The pingpong, server and client in processes of their own, the server on CPU 0 and the client on CPU 1
                (`taskset`: each side on a CPU of its own, as on two hosts), %d rounds: the client's
                usec/iter, and the CPU time (user + system) of both processes per 1000 iterations: all of it for
                `ibv_rc_pingpong`, the data loop's for Java (what the program reports, without its JVM's start-up). Each
                round runs every tool in turn, for %d iterations (whole) and for %d; steady is the longer run's extra
                %d iterations alone ((4 x long - short) / 3), which leaves out what every run pays once: the JIT
                compiling the loop, the first messages. A cell is the median of the rounds; a ratio below is the median
                of each round's own ratio, of two tools that ran minutes apart: the lab's speed drifts from one
                quarter of an hour to the next by more than the differences measured here, so medians taken apart
                would compare the lab's moods as much as the tools.

                """, log.fact("date"), devices[0], devices[1], whole("usec", "c", "apart", "64").size(), iterations, 4 * iterations,
                3 * iterations))
                .append(Pages.PINNED_JVM_NOTE)
                .append("""

                        `ibv_rc_pingpong -e`, poll(2) first, is the C tool with `bench/src/main/c/poll-first.c` loaded
                        (`LD_PRELOAD`): each `read` first waits in `poll(2)` with a 10 s timeout (`ibv_get_cq_event` is a
                        `read` of the channel's fd), the usual way to keep a vanished peer from putting a waiter to sleep for
                        ever, and chapter 08's way until its watchdog took the timeout off the sleeping thread. It pays for that
                        system call; it does not act on the timeout.

                        | size | tool | usec/iter whole | usec/iter steady | CPU s per 1000 whole | CPU s per 1000 steady |
                        | --- | --- | --- | --- | --- | --- |
                        """);
        for (String size : SIZES) {
            for (List<String> tool : TOOLS) {
                page.append(String.format("| %s | %s | %.2f | %.2f | %.3f | %.3f |%n", Pages.sizeName(size), tool.get(1),
                        Stats.median(whole("usec", tool.get(0), "apart", size)), steadyMedian("usec", tool.get(0), "apart", size),
                        Stats.median(whole("cpu", tool.get(0), "apart", size)), steadyMedian("cpu", tool.get(0), "apart", size)));
            }
        }
        return page.append(targets()).append(placements()).append(profiles()).append(idle())
                .append(String.format("""

                        Where: %s.
                        Java: %s. rdma-core: %s.

                        To reproduce: `mvn -q install -DskipTests && LAB_MEMORY=8G lab/run bench/comp-channel.sh`.
                        """, Pages.where(log), log.fact("java"), log.fact("rdma-core"))).toString();
    }

    /** The targets for events against C's -e, what the timeout's poll(2) costs C, and the chart. */
    private String targets() {
        String lat64 = ratio("usec", EVENTS, C_EVENTS, "apart", "64");
        String lat4k = ratio("usec", EVENTS, C_EVENTS, "apart", "4096");
        String cpu64 = ratio("cpu", EVENTS, C_EVENTS, "apart", "64");
        String cpu4k = ratio("cpu", EVENTS, C_EVENTS, "apart", "4096");
        return String.format("""

                Targets, in the steady state: events within %.2fx of `ibv_rc_pingpong -e` in latency: %sx at 64 B
                (%s), %sx at 4 KiB (%s); and in CPU per iteration: %sx at 64 B
                (%s), %sx at 4 KiB (%s). Where Java's CPU goes beside C's
                is measured below.

                What that guarantee costs C: with `poll(2)` before each read, `ibv_rc_pingpong -e` took %sx
                its own latency at 64 B and %sx at 4 KiB, and %sx and %sx its CPU. Against
                C that waits with the same guarantee, chapter 08's events are at %sx (64 B) and %sx (4 KiB)
                in latency, %sx and %sx in CPU.

                ```mermaid
                xychart-beta
                    title "Waiting on events, steady state: usec per iteration (lower is better)"
                    x-axis ["64 B", "4 KiB"]
                    y-axis "usec per iteration"
                    bar [%.2f, %.2f]
                    bar [%.2f, %.2f]
                    bar [%.2f, %.2f]
                ```

                (The bars of each group: `ibv_rc_pingpong -e`, the same with `poll(2)` first, `08 pingpong --wait events`.)
                """, TARGET, lat64, verdict(lat64), lat4k, verdict(lat4k), cpu64, verdict(cpu64), cpu4k, verdict(cpu4k),
                ratio("usec", "c-poll-first-e", C_EVENTS, "apart", "64"), ratio("usec", "c-poll-first-e", C_EVENTS, "apart", "4096"),
                ratio("cpu", "c-poll-first-e", C_EVENTS, "apart", "64"), ratio("cpu", "c-poll-first-e", C_EVENTS, "apart", "4096"),
                ratio("usec", EVENTS, "c-poll-first-e", "apart", "64"), ratio("usec", EVENTS, "c-poll-first-e", "apart", "4096"),
                ratio("cpu", EVENTS, "c-poll-first-e", "apart", "64"), ratio("cpu", EVENTS, "c-poll-first-e", "apart", "4096"),
                steadyMedian("usec", C_EVENTS, "apart", "64"), steadyMedian("usec", C_EVENTS, "apart", "4096"),
                steadyMedian("usec", "c-poll-first-e", "apart", "64"), steadyMedian("usec", "c-poll-first-e", "apart", "4096"),
                steadyMedian("usec", EVENTS, "apart", "64"), steadyMedian("usec", EVENTS, "apart", "4096"));
    }

    private static String verdict(String ratio) {
        return Pages.atMost(TARGET, Double.parseDouble(ratio));
    }

    /** Waiting on events at 64 B with the two sides placed each way. */
    private String placements() {
        StringBuilder text = new StringBuilder("""

                Where the two sides run weighs on a wake-up. In the same rounds, waiting on events at 64 B with
                the server and the client each on a CPU of their own (as above), both on one CPU, and wherever the
                scheduler puts them (and moves them): steady usec/iter, steady CPU s per 1000 iterations, and each
                round's ratio of Java to C, their median:

                | the two sides | `ibv_rc_pingpong -e` usec/iter | `08 pingpong --wait events` usec/iter | events / `-e` | `-e` CPU | events CPU | events / `-e` |
                | --- | --- | --- | --- | --- | --- | --- |
                """);
        List<List<String>> placements = List.of(List.of("apart", "each on a CPU of its own (the rows above)"),
                List.of("shared", "both on CPU 0"), List.of("free", "wherever the scheduler puts them"));
        for (List<String> placement : placements) {
            String where = placement.get(0);
            text.append(String.format("| %s | %.2f | %.2f | %sx | %.3f | %.3f | %sx |%n", placement.get(1),
                    steadyMedian("usec", C_EVENTS, where, "64"), steadyMedian("usec", EVENTS, where, "64"),
                    ratio("usec", EVENTS, C_EVENTS, where, "64"), steadyMedian("cpu", C_EVENTS, where, "64"),
                    steadyMedian("cpu", EVENTS, where, "64"), ratio("cpu", EVENTS, C_EVENTS, where, "64")));
        }
        return text.toString();
    }

    /** Where the CPU goes, waiting on events, at each size; and what the numbers mean. */
    private String profiles() {
        String profiles = log.runs("wall").isEmpty()
                ? "(Not measured here: `perf` is not installed, or may not sample every CPU. It is in the lab.)\n"
                : profileAt("64") + "\n" + profileAt("4096") + "\n" + growth();
        return """

                Where the CPU goes, waiting on events: `perf` sampled every CPU for 8 s in the middle of a run of
                about a minute of each tool at each size (each side on a CPU of its own, as in the first table), and each
                sample of the tool's processes is counted by where it was (for Java, its main thread's, which runs the
                data loop).

                """ + profiles + """

                Most of either tool's CPU is the kernel's: soft-RoCE does there what a NIC does in hardware (building,
                checksumming and copying every packet, in the context of whichever process posts or is interrupted),
                and every sleep and wake-up is a trip through the scheduler and an emulated interrupt. Java's wait
                makes the system calls C's makes: one blocking `read` per wake-up (`ibv_get_cq_event`), and the arm.
                Its timeout, which C lacks (C blocks in `read` for ever when the peer vanishes), is kept by a watchdog
                thread that looks a few times a second and ends a sleep past it with a completion of its own (chapter
                08's README says how), so the sleeping thread reads no clock. Waiting in `poll(2)` with a timeout
                before each read, the usual way, would cost what the poll-first rows show: a system call more per
                wake-up, and the clock read as it starts (the kernel's `poll_select_set_timeout`), slow in the lab,
                whose clock is an emulated HPET (on hardware whose clock is the CPU's own counter, nanoseconds). What
                Java adds to C's CPU is its own: JNA's dispatch on every call, and the JIT-compiled loop. On a NIC none of the packet work is the CPU's, a
                wake-up is a few microseconds, and the clock is read in user space: there waiting on events saves
                what busy polling spends, a whole core per waiting thread, at the price of the wake-up's latency.
                The lab cannot show that saving while messages flow: its polling spends little beside soft-RoCE's
                own kernel work, and its wake-ups are emulated. It shows it when nothing arrives (the stopped client
                below): a polling side burns a core, a sleeping one nothing.
                """;
    }

    /** usec of CPU an iteration of the profiled run of {@code tool} at {@code size}, in {@code places} (all, when none). */
    private double usec(String tool, String size, Place... places) {
        return Profile.of(log, "profile", tool, size).usec(Integer.parseInt(log.fact("cpus")), wall(tool, size), places);
    }

    private double wall(String tool, String size) {
        return log.runs("wall", tool, size).get(0).value();
    }

    /** The two profiles at a size, and what calling C through JNA and running the loop as Java add. */
    private String profileAt(String size) {
        double c = usec(C_EVENTS, size);
        double jna = usec(EVENTS, size, Place.JNA);
        double jitAndJvm = usec(EVENTS, size, Place.JIT, Place.JVM);
        return String.format("""
                **%s**, runs of %s iterations of C and %s of Java:

                %s
                JNA's dispatch took %.1f usec of CPU per iteration, %.0f%% of all that C's iteration took, and the
                JIT-compiled loop and the JVM %.0f%% more: Java's events cost at least %.2fx of C's CPU
                here even where everything else costs the same (the target: %.2fx). In the kernel, Java's main thread took
                %.2fx of C's time.
                """, Pages.sizeName(size), log.fact("profile iterations " + C_EVENTS + " " + size),
                log.fact("profile iterations " + EVENTS + " " + size),
                Profile.table("usec of CPU per iteration, both sides", Integer.parseInt(log.fact("cpus")), "`ibv_rc_pingpong -e`",
                        Profile.of(log, "profile", C_EVENTS, size), wall(C_EVENTS, size), "`08 pingpong --wait events`",
                        Profile.of(log, "profile", EVENTS, size), wall(EVENTS, size), "the run's usec/iter"),
                jna, 100 * jna / c, 100 * jitAndJvm / c, (c + jna + jitAndJvm) / c, TARGET,
                usec(EVENTS, size, Place.KERNEL) / usec(C_EVENTS, size, Place.KERNEL));
    }

    /** From 64 B to 4 KiB: how C's iteration and Java's own part of one grew. */
    private String growth() {
        double c64 = usec(C_EVENTS, "64");
        double c4k = usec(C_EVENTS, "4096");
        double own64 = usec(EVENTS, "64", Place.JNA, Place.JIT, Place.JVM);
        double own4k = usec(EVENTS, "4096", Place.JNA, Place.JIT, Place.JVM);
        return String.format("""
                From 64 B to 4 KiB, C's CPU per iteration grew %.2fx (%.1f to %.1f usec), and what JNA, the
                JIT-compiled loop and the JVM took of Java's %.2fx (%.1f to %.1f): Java's own part weighs %s
                beside C's at 4 KiB. The rest of the difference between the two columns is in the rows of the
                kernel and of the libraries.
                """, c4k / c64, c64, c4k, own4k / own64, own64, own4k, own4k / own64 < c4k / c64 ? "less" : "more");
    }

    /** The transfer in each mode, a server whose client stopped, and an idle receiver. */
    private String idle() {
        StringBuilder text = new StringBuilder(String.format("""

                The file transfer of a %s file, chapter 07's defaults, in each mode: seconds from header to verdict, and the
                CPU seconds of both processes (JVM start-ups included, a few seconds under emulation):

                | --wait | seconds | CPU s, both sides |
                | --- | --- | --- |
                """, Pages.fileSize(log.fact("mib"))));
        for (String mode : List.of("poll", "events", "adaptive")) {
            text.append(String.format("| %s | %.2f | %.1f |%n", mode, log.runs("transfer", "seconds", mode).get(0).value(),
                    log.runs("transfer", "cpu", mode).get(0).value()));
        }
        text.append("""

                A pingpong server whose client was stopped (`kill -STOP`) mid-run: connected, waiting for a message
                that does not come, its CPU over 5 s. This is what each way of waiting costs when nothing happens:

                | tool | CPU |
                | --- | --- |
                """);
        for (List<String> tool : TOOLS) {
            if (!log.runs("stopped", tool.get(0)).isEmpty()) {
                text.append(String.format("| %s | %.1f%% |%n", tool.get(1), log.runs("stopped", tool.get(0)).get(0).value()));
            }
        }
        text.append("""

                A receiver (`transfer --server`) waiting for senders, its CPU over 10 s from 15 s after it listens. It is blocked in
                `accept()` in every mode and polls nothing yet, so this is the JVM's own background work, not its wait:

                | --wait | CPU |
                | --- | --- |
                """);
        for (String mode : List.of("poll", "events", "adaptive")) {
            text.append(String.format("| %s | %.1f%% |%n", mode, log.runs("idle", mode).get(0).value()));
        }
        return text.toString();
    }
}
