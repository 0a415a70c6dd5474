package rdma.bench.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The "file-transfer" section of docs/benchmarks.md, from bench/file-transfer.sh's log: chapter 07
 * against ib_write_bw moving the same bytes, its transport alone waiting three ways, where the
 * whole transfer's CPU went, and the sweep around the defaults.
 *
 * <pre>java -cp ... rdma.bench.report.FileTransferPage bench/logs/file-transfer.log docs/benchmarks.md</pre>
 */
public final class FileTransferPage {
    static final double TRANSPORT_TARGET = 0.9;
    static final double WHOLE_TARGET = 0.7;

    private final RunLog log;
    private final List<Double> c;

    private FileTransferPage(RunLog log) {
        this.log = log;
        this.c = rates("c");
    }

    public static void main(String[] args) throws IOException {
        Section.fromLog(args, "FileTransferPage", log -> "file-transfer", FileTransferPage::render);
    }

    /** The section's Markdown. */
    static String render(RunLog log) {
        return new FileTransferPage(log).render();
    }

    private List<Double> rates(String tool) {
        return log.values("rate", tool);
    }

    /** A tool's runs against the ib_write_bw of each one's round: the median of those ratios. */
    private double ofC(String tool) {
        return Stats.pairedMedian(rates(tool), c);
    }

    private String row(String name, String tool) {
        List<String> each = Stats.roundRatios(rates(tool), c).stream().map(ratio -> String.format("%.2f", ratio)).toList();
        return String.format("| %s | %.2f | %.2fx | %s |%n", name, Stats.median(rates(tool)), ofC(tool), String.join(" ", each));
    }

    /** A field of the profile of a run of {@code tool} in {@code round} (1 on). */
    private double profile(String tool, int round, String field) {
        return log.runs("profile", tool, Integer.toString(round), field).get(0).value();
    }

    /** The round (1 on) whose rate was the median of its kind (the lower middle of an even count). */
    private int medianRound(String tool) {
        List<Double> values = rates(tool);
        List<Integer> order = IntStream.range(0, values.size()).boxed().sorted(Comparator.comparing(values::get)).toList();
        return order.get((values.size() + 1) / 2 - 1) + 1;
    }

    private String render() {
        int rounds = c.size();
        double kernel = Stats.median(log.values("cpu", "kernel", "c"));
        double user = Stats.median(log.values("cpu", "user", "c"));
        double cMedian = Stats.median(c);
        int cpus = Integer.parseInt(log.fact("cpus"));
        double hashDefault = log.runs("hash", "default").get(0).value();
        double hashC1 = log.runs("hash", "c1").get(0).value();
        double boundDefault = bound(cMedian, kernel, hashDefault, cpus);
        double boundC1 = bound(cMedian, kernel, hashC1, cpus);
        double transport = ofC("transport-poll");
        double receiverOnEvents = ofC("transport-events-poll");
        double onEvents = ofC("transport-events");
        long broken = Long.parseLong(log.fact("broken"));
        StringBuilder page = new StringBuilder(String.format("""
                ## Chapter 07 (file transfer) against ib_write_bw, in the lab

                Measured by `bench/file-transfer.sh` on %s, receiver on `%s`, sender on
                `%s`, %d alternating runs of each. The file is %s of random bytes in the lab's memory
                (its page cache), received into the same; the chapter ran with its defaults, `--chunk %s --depth %s`,
                and `ib_write_bw` with the same message size and queue depth (`-s %s -t %s`) moved the
                same bytes. "Transport alone" is chapter 07's own ring, WRITE WITH IMMEDIATE and credits moving the same
                bytes with no file and no hash (`bench/src/main/java/rdma/transfer/TransportAlone.java`). The whole
                transfer is timed from the file's header to the receiver's verdict: reading the file, hashing both ends
                (each side's hasher thread), writing the copy and its fsync. It ran with the JVM's own compilers (C1,
                then C2 for what runs often), and again with C1 only, as the lab runs its tests. A round runs each
                once, one after another; each MiB/s is the median over the rounds (perftest's "MB" is 2^20 bytes), and
                each ratio the median of the rounds' own ratios, every run set beside the `ib_write_bw` of its round,
                since the lab's speed drifts over minutes. The last column lists those ratios, round by round.
                Runs in which a JVM with C2 at work crashed, or threw an `InternalError` from its own code, were run
                again (%d %s in this session): the emulator can run code that HotSpot is rewriting,
                as [the lab's notes](soft-roce.md) say.

                | | MiB/s | of `ib_write_bw` | each round |
                | --- | --- | --- | --- |
                | `ib_write_bw` | %.2f | | |
                """, log.fact("date"), log.fact("devices").split(" ")[0], log.fact("devices").split(" ")[1], rounds, Pages.fileSize(log.fact("mib")), log.fact("chunk"),
                log.fact("depth"), log.fact("chunk bytes"), log.fact("depth"), broken, broken == 1 ? "time" : "times", cMedian))
                .append(row("`ib_write_bw -Q 1` (a completion per message)", "c-q1"))
                .append(row("chapter 07, transport alone, both sides polling", "transport-poll"))
                .append(row("the same, the receiver on events (chapter 08), the sender polling", "transport-events-poll"))
                .append(row("the same, both sides on events", "transport-events"))
                .append(row("`07-file-transfer`, whole and verified", "java"))
                .append(row("the same, C1 only", "java-c1"))
                .append(row("the same through chapter 08, `transfer --wait events`", "java-events"));
        page.append(String.format("""

                Targets: transport alone at least %.1fx: %s polling, %s with the
                receiver on events, %s on events; the whole transfer at least %.1fx: %s
                in this run.
                Reading the file took %.2f s of the sender's time (the median), overlapped with the network.

                Where the time goes. The lab has %d emulated CPUs, and everything runs on them: both programs,
                both hashes, and soft-RoCE itself, which does in the kernel what a NIC does in hardware (copying each
                packet, its checksum). During `ib_write_bw` the machine's CPUs were %.0f%% busy in the
                kernel and %.0f%% in user space (its sender polling). SHA-256 on one thread ran at
                %.2f MiB/s with the JVM's own compilers and %.2f MiB/s with C1 only
                (`bench/src/main/java/rdma/bench/Sha256Rate.java`, 1 MiB chunks of a direct buffer, as the hasher
                hashes them). A verified transfer needs, per MiB, that kernel work plus two hashes. Even if nothing else
                ran, no wait spun and every CPU were busy all the time, the lab could move at most %.2f MiB/s of
                verified file (%.2fx of `ib_write_bw`; %.2f MiB/s, %.2fx, with C1 only).
                The measured rate falls short of that bound first because the Java transport costs more than
                `ib_write_bw`: alone, with nothing else to do, both sides polling, it reaches %.2fx. What a completion
                per message costs, C shows: `ib_write_bw -Q 1` asks for one, as chapter 07 does, and reached %.2fx;
                against that run of its round, the transport reached %.2fx.
                How the sides wait: both polling, %.2fx; the receiver sleeping on events while the sender polls, the way
                `ib_write_bw`'s sides wait (its target sleeps on its TCP socket), %.2fx; both sides on events, %.2fx.
                Both sides polling was the slowest of the three in %d of the %d rounds%s
                The whole transfer reached %.2fx polling, and %.2fx through chapter 08 on events.
                """, TRANSPORT_TARGET, Pages.atLeast(TRANSPORT_TARGET, transport), Pages.atLeast(TRANSPORT_TARGET, receiverOnEvents),
                Pages.atLeast(TRANSPORT_TARGET, onEvents), WHOLE_TARGET, Pages.atLeast(WHOLE_TARGET, ofC("java")),
                Stats.median(log.values("disk", "java")), cpus, 100 * kernel, 100 * user, hashDefault, hashC1, boundDefault,
                boundDefault / cMedian, boundC1, boundC1 / cMedian, transport, ofC("c-q1"),
                Stats.pairedMedian(rates("transport-poll"), rates("c-q1")), transport, receiverOnEvents, onEvents,
                pollingSlowest(), rounds, pollingSlowest() == rounds ? """
                        : here the spinning costs the
                        transfer. The lab's two CPUs also run soft-RoCE's kernel work, which moves the bytes, and a receiver
                        that spins between chunks takes CPU from it; one that sleeps, as `ib_write_bw`'s target does, gives
                        it back.""" : """
                        : in this session the way to wait does not
                        explain the gap to `ib_write_bw` round by round.""", ofC("java"), ofC("java-events")));
        return page.append(whereTheCpuWent(kernel, user, cMedian, cpus)).append(sweep()).append(String.format("""

                The whole transfer's CPU is shared by more threads than cores in the lab (two programs, each with a
                main thread that polls and a hasher): the hasher threads cannot run beside the transfer for free
                here, as they do on a machine with cores to spare and a NIC that moves the bytes itself.

                Where: %s.
                Java: %s. perftest: %s.

                To reproduce: `mvn -q install -DskipTests && LAB_MEMORY=8G lab/run bench/file-transfer.sh`.
                """, Pages.where(log, "each JVM with the compilers its run names"), log.fact("java"), log.fact("perftest"))).toString();
    }

    /**
     * The most a verified transfer can move if nothing but soft-RoCE's kernel work (as much per
     * MiB as during ib_write_bw, {@code kernel} of the CPUs at {@code rate}) and the two hashes
     * used the CPUs, all of them, all the time.
     */
    static double bound(double rate, double kernel, double hash, int cpus) {
        return cpus / (cpus * kernel / rate + 2 / hash);
    }

    /** In how many rounds the transport with both sides polling was the slowest of its three ways to wait. */
    private int pollingSlowest() {
        List<Double> poll = rates("transport-poll");
        List<Double> receiver = rates("transport-events-poll");
        List<Double> events = rates("transport-events");
        return (int) IntStream.range(0, poll.size())
                .filter(i -> poll.get(i) < receiver.get(i) && poll.get(i) < events.get(i)).count();
    }

    /** Where the whole transfer's CPU went in the median rounds, polling and on events, and what it means. */
    private String whereTheCpuWent(double kernel, double user, double cMedian, int cpus) {
        int pollRound = medianRound("java");
        int eventsRound = medianRound("java-events");
        double mib = Double.parseDouble(log.fact("mib"));
        StringBuilder text = new StringBuilder(String.format("""

                Where the whole transfer's CPU went, in the round whose rate was the median (polling: round
                %d, %.2f s of CPU time; on events: round %d, %.2f s): each JVM's
                threads as the kernel counts their time (user and system), sampled from `/proc` once a second from
                the first sample after the sender began to send to the last before a JVM ended, start-up left out. A thread's system time
                includes the kernel work its system calls did; "outside the JVMs" is the rest of the busy time, mostly
                soft-RoCE's work in the kernel's own contexts (and the sampler). The main threads wait (polling, or on
                events), post the WRITEs and credits, and read the file (sender) or write its copy (receiver).

                | | polling: CPU ms per MiB | share of the CPUs | on events: CPU ms per MiB | share of the CPUs |
                | --- | --- | --- | --- | --- |
                """, pollRound, profile("java", pollRound, "whole"), eventsRound, profile("java-events", eventsRound, "whole")));
        List<List<String>> rows = List.of(List.of("sender, main thread", "sender-main"), List.of("sender, SHA-256 thread", "sender-sha256"),
                List.of("sender, JIT compilers", "sender-jit"),
                List.of("sender, the rest of its JVM (GC, the VM's own threads, the watchers)", "sender-rest"),
                List.of("receiver, main thread", "receiver-main"), List.of("receiver, SHA-256 thread", "receiver-sha256"),
                List.of("receiver, JIT compilers", "receiver-jit"),
                List.of("receiver, the rest of its JVM (GC, the VM's own threads, the watchers)", "receiver-rest"),
                List.of("outside the JVMs (soft-RoCE in the kernel)", "outside"), List.of("idle", "idle"));
        for (List<String> row : rows) {
            double polling = profile("java", pollRound, row.get(1));
            double events = profile("java-events", eventsRound, row.get(1));
            text.append(String.format("| %s | %.0f | %.0f%% | %.0f | %.0f%% |%n", row.get(0), 1000 * polling / mib,
                    100 * polling / profile("java", pollRound, "whole"), 1000 * events / mib,
                    100 * events / profile("java-events", eventsRound, "whole")));
        }
        double busy = 1 - profile("java-events", eventsRound, "idle") / profile("java-events", eventsRound, "whole");
        double eventsRate = rates("java-events").get(eventsRound - 1);
        double ceiling = eventsRate / busy;
        double ceilingRatio = ceiling / c.get(eventsRound - 1);
        long reached = Stats.roundRatios(rates("java-events"), c).stream().filter(ratio -> ratio >= WHOLE_TARGET).count();
        long eventsDrift = drift(rates("java-events"));
        long cDrift = drift(c);
        text.append(String.format("""

                `ib_write_bw`, for comparison, used %.0f ms of CPU per MiB in the kernel and %.0f in user space.
                On events the CPUs were busy %.0f%% of the time. Had they worked through every idle
                moment, with the same CPU per MiB, that run would have moved %.2f MiB/s, %.2fx of
                the `ib_write_bw` of its round: %s
                On events the whole transfer reached %.1fx in %d of the %d rounds. Its fastest round was
                %d%% faster than its slowest, `ib_write_bw`'s %d%%%s
                On a NIC the transport costs the CPUs nothing but the posts and polls, the hashes run on cores of their
                own, and the limit is the slower of the network and one core's SHA-256.
                """, 1000 * kernel * cpus / cMedian, 1000 * user * cpus / cMedian, 100 * busy, ceiling, ceilingRatio,
                ceilingRatio < WHOLE_TARGET ? """
                        short of the 0.7x goal. In that round only less CPU work per MiB could have reached
                        it, not better waiting: the work is what the hashes, the copies and soft-RoCE cost, which a NIC and spare
                        cores take off these two CPUs.""" : """
                        past the 0.7x goal, so in that round what kept the transfer from it was
                        waiting, not work.""", WHOLE_TARGET, reached, c.size(), eventsDrift, cDrift, eventsDrift > 2 * cDrift ? """
                        : a transfer that keeps the CPUs busy can move only as fast as the
                        emulated CPUs run, which drifts from one quarter of an hour to the next, and `ib_write_bw` does not
                        follow that drift as closely.""" : ": the two drifted alike."));
        return text.toString();
    }

    /** How much faster the fastest run was than the slowest, in percent. */
    private static long drift(List<Double> values) {
        double low = values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double high = values.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        return Math.round(100 * (high / low - 1));
    }

    /** The chunk size and depth around the defaults, each changed alone. */
    private String sweep() {
        StringBuilder text = new StringBuilder("""

                The chunk size and depth around the defaults, each changed alone (one run each, the same file, the
                JVM's own compilers):

                | --chunk | --depth | MiB/s | disk (s) |
                | --- | --- | --- | --- |
                """);
        List<RunLog.Run> points = new ArrayList<>(log.runs("sweep"));
        for (RunLog.Run point : points) {
            String chunk = point.key().get(1);
            String depth = point.key().get(2);
            text.append(String.format("| %s | %s | %.2f | %.2f |%n", chunk, depth, point.value(),
                    log.runs("sweep-disk", chunk, depth).get(0).value()));
        }
        return text.append(String.format("| %s | %s | %.2f (the median above) | %.2f |%n", log.fact("chunk"), log.fact("depth"),
                Stats.median(rates("java")), Stats.median(log.values("disk", "java")))).toString();
    }
}
