package rdma.bench.report;

import java.io.IOException;
import java.util.List;

/**
 * The "atomics" section of docs/benchmarks.md, from bench/atomics.sh's log: chapter 10 against
 * ib_atomic_lat and ib_atomic_bw with both atomic types, and the chapter's shared counter with 1,
 * 2 and 4 clients.
 *
 * <pre>java -cp ... rdma.bench.report.AtomicsPage bench/logs/atomics.log docs/benchmarks.md</pre>
 */
public final class AtomicsPage {
    static final List<String> TYPES = List.of("FETCH_AND_ADD", "CMP_AND_SWAP");
    static final List<String> CLIENTS = List.of("1", "2", "4");

    private AtomicsPage() {
    }

    public static void main(String[] args) throws IOException {
        Section.fromLog(args, "AtomicsPage", log -> "atomics", AtomicsPage::render);
    }

    /** The section's Markdown. */
    static String render(RunLog log) {
        String[] devices = log.fact("devices").split(" ");
        StringBuilder page = new StringBuilder();
        page.append("## Chapter 10 (atomics) against perftest's ib_atomic_lat and ib_atomic_bw, and the shared counter, in the lab\n\n")
                .append(String.format("Measured by `bench/atomics.sh` on %s, server (the target) on `%s`, client on `%s`%s, %d"
                        + " alternating%nruns of each tool per test and atomic type; each cell is the median of the client's own"
                        + " report:%n", log.fact("date"), devices[0], devices[1], Pages.gid(log),
                        log.values("lat", "c", TYPES.get(0)).size()))
                .append("""
                        perftest's t_typical (the median latency) for the latency test, its MsgRate (millions of atomics a
                        second) for the bandwidth test. A ratio is the median of each round's own ratio of Java to C, two
                        runs one after the other (the lowest and highest of those are beside it): for latency above 1 means
                        Java is slower, for the rate below 1 means Java does fewer.

                        | test | atomic | iters | C | Java | Java/C | rounds' Java/C | unit |
                        | --- | --- | --- | --- | --- | --- | --- | --- |
                        """);
        for (String test : List.of("lat", "bw")) {
            String unit = test.equals("lat") ? "usec (t_typical)" : "Mpps (MsgRate)";
            String format = test.equals("lat") ? "%.2f" : "%.4f";
            for (String type : TYPES) {
                List<Double> c = log.values(test, "c", type);
                List<Double> java = log.values(test, "java", type);
                page.append(String.format("| %s | %s | %s | " + format + " | " + format + " | %.2fx | %s | %s |%n", test, type,
                        log.fact(test + " iters"), Stats.median(c), Stats.median(java), Stats.pairedMedian(java, c),
                        Stats.ratioRange(java, c), unit));
            }
        }
        page.append("""

                An atomic is one round trip, as a READ is: the latency's ratio is of the same kind as chapter 06's, whose
                section above says where Java's extra time goes in the lab.
                """)
                .append(counter(log))
                .append(String.format("%nWhere: %s.%nJava: %s; JNA %s. perftest: %s.%n%n", Pages.where(log), log.fact("java"),
                        log.fact("jna"), log.fact("perftest")))
                .append("To reproduce: `mvn -q install -DskipTests && lab/run bench/atomics.sh`.\n");
        return page.toString();
    }

    /** The shared counter: FETCH_AND_ADDs a second of all its clients together, by number of clients. */
    private static String counter(RunLog log) {
        StringBuilder table = new StringBuilder(String.format("""

                The shared counter (`10-atomics --clients N -n %s`): each client FETCH_AND_ADDs one word of the target, one
                atomic at a time, every client on a connection of its own, all at once; the rate is all their atomics over
                the longest client's time, the median of %d runs:

                | clients | FETCH_AND_ADDs a second | each run |
                | --- | --- | --- |
                """, log.fact("counter iters"), log.values("counter", "java", CLIENTS.get(0)).size()));
        for (String clients : CLIENTS) {
            List<Double> rates = log.values("counter", "java", clients);
            table.append(String.format("| %s | %.0f | %s |%n", clients, Stats.median(rates),
                    String.join(" ", rates.stream().map(rate -> String.format("%.0f", rate)).toList())));
        }
        double one = Stats.median(log.values("counter", "java", "1"));
        double four = Stats.median(log.values("counter", "java", "4"));
        table.append(String.format("""

                Four clients together do %.2fx what one does. A client waits for each atomic's answer before it sends the
                next, so one client leaves the target's device idle between two, and more clients fill those gaps; in the
                lab the clients, both devices and the kernel's soft-RoCE work all share two emulated CPUs.
                """, four / one));
        return table.toString();
    }
}
