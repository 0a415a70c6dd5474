package rdma.bench.report;

import java.io.IOException;
import java.util.List;

/**
 * The "rping" section of docs/benchmarks.md, from bench/rping.sh's log: chapter 09 against
 * rdma-core's rping, the time to a connection and the time per validated ping.
 *
 * <pre>java -cp ... rdma.bench.report.RpingPage bench/logs/rping.log docs/benchmarks.md</pre>
 */
public final class RpingPage {
    private RpingPage() {
    }

    public static void main(String[] args) throws IOException {
        Section.fromLog(args, "RpingPage", log -> "rping", RpingPage::render);
    }

    /** The section's Markdown. */
    static String render(RunLog log) {
        String[] addresses = log.fact("addresses").split(" ");
        List<Double> cConnect = log.values("connect", "c");
        List<Double> javaConnect = log.values("connect", "java");
        List<Double> cCm = log.values("cm", "c");
        List<Double> javaCm = log.values("cm", "java");
        StringBuilder page = new StringBuilder(String.format("""
                ## Chapter 09: rping against rping, in the lab

                Measured by `bench/rping.sh` on %s, server at %s, client from %s,
                %d alternating rounds; each cell is the median, and a ratio the median of each round's own ratio.

                The connection, a client against C's server, with `-d` (each tool prints a line after
                `rdma_create_id` and one for each event; every line is stamped as it arrives), in milliseconds:

                | client | start to ESTABLISHED | rdma_create_id to ESTABLISHED |
                | --- | --- | --- |
                | C | %.1f | %.1f |
                | Java | %.1f | %.1f |

                From the start, Java/C is %.2fx: the JVM's start and the loading of its classes (from
                the repository's build directories, which the lab reads over 9p) are most of Java's time. From the
                identifier's creation it is %.2fx: the same calls to librdmacm and libibverbs, and for Java
                the first use of every class the connection needs, the earlier chapters' included, each loaded over
                9p and compiled by C1 at that moment. This script does not split the two (a second connection in
                the same JVM would); the pings below, where every class is loaded, show the calls themselves.

                A validated ping (`-V`: the advert SEND, the server's READ, the go-ahead, the sink's advert, the
                WRITE back, the go-ahead, the comparison), each client against its own kind of server, %s pings
                with `-v`: the time from the line the client prints for its first ping to the line of its last,
                divided by the pings between them, in microseconds (the JVM's start and the connection fall
                before the first line):

                | size | C us/ping | Java us/ping | Java/C |
                | --- | --- | --- | --- |
                """, log.fact("date"), addresses[0], addresses[1], cConnect.size(), Stats.median(cConnect), Stats.median(cCm),
                Stats.median(javaConnect), Stats.median(javaCm), Stats.pairedMedian(javaConnect, cConnect),
                Stats.pairedMedian(javaCm, cCm), log.fact("pings")));
        for (String size : log.distinct("ping", 2)) {
            List<Double> c = log.values("ping", "c", size);
            List<Double> java = log.values("ping", "java", size);
            page.append(String.format("| %s | %.1f | %.1f | %.2fx |%n", Pages.sizeName(size), Stats.median(c), Stats.median(java),
                    Stats.pairedMedian(java, c)));
        }
        return page.append(String.format("""

                Both tools wait for each completion on a completion channel (rping's CQ thread; chapter 08's
                waiter), so every step of a ping includes a wake-up.

                Where: %s.
                Java: %s. rdma-core: %s.

                To reproduce: `mvn -q install -DskipTests && lab/run bench/rping.sh`.
                """, Pages.where(log), log.fact("java"), log.fact("rdmacm-utils"))).toString();
    }
}
