package rdma.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The section rendered from a recorded log: the table against perftest and the shared counter's rates. */
class AtomicsPageTest {
    private static final List<String> FACTS = List.of("# bench/atomics.sh", "# date: 2026-12-05", "# where: lab", "# cpus: 2",
            "# machine: x86_64", "# java: openjdk version \"17.0.21.1\" 2026-11-17", "# jna: 5.19.1", "# rdma-core: 44.0-2",
            "# perftest: 4.5+0.17-1", "# devices: rxe0 rxe1", "# gid: 1", "# lat iters: 1000", "# bw iters: 5000",
            "# counter iters: 5000");

    /** Two rounds of each test and type, Java at 1.1 and 1.3 times C; the counter at 10000, 15000 and 20000 a second. */
    private static List<String> runs() {
        List<String> lines = new ArrayList<>(FACTS);
        for (String test : List.of("lat", "bw")) {
            for (String type : AtomicsPage.TYPES) {
                lines.addAll(List.of(test + " c " + type + " 1 20", test + " java " + type + " 1 22", test + " c " + type + " 2 20",
                        test + " java " + type + " 2 26"));
            }
        }
        for (String round : List.of("1", "2")) {
            lines.addAll(List.of("counter java 1 " + round + " 10000", "counter java 2 " + round + " 15000",
                    "counter java 4 " + round + " 20000"));
        }
        return lines;
    }

    @Test
    void theTableAgainstPerftestAndTheCountersRates() {
        String page = AtomicsPage.render(RunLog.parse(runs()));

        assertThat(page).startsWith("## Chapter 10 (atomics) against perftest's ib_atomic_lat and ib_atomic_bw, and the shared"
                        + " counter, in the lab\n")
                .contains("Measured by `bench/atomics.sh` on 2026-12-05, server (the target) on `rxe0`, client on `rxe1`, GID index 1,"
                        + " 2 alternating\n")
                .contains("| lat | FETCH_AND_ADD | 1000 | 20.00 | 24.00 | 1.20x | 1.10x to 1.30x | usec (t_typical) |")
                .contains("| bw | CMP_AND_SWAP | 5000 | 20.0000 | 24.0000 | 1.20x | 1.10x to 1.30x | Mpps (MsgRate) |")
                .contains("The shared counter (`10-atomics --clients N -n 5000`)", "the median of 2 runs:")
                .contains("| 1 | 10000 | 10000 10000 |", "| 4 | 20000 | 20000 20000 |")
                .contains("Four clients together do 2.00x what one does.")
                .endsWith("To reproduce: `mvn -q install -DskipTests && lab/run bench/atomics.sh`.\n");
    }
}
