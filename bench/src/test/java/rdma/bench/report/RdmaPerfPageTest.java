package rdma.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The section rendered from recorded logs: the table and chart, the targets, inline, the profile. */
class RdmaPerfPageTest {
    private static final List<String> FACTS = List.of("# bench/rdma-perf.sh", "# date: 2026-12-05", "# where: lab", "# cpus: 2",
            "# machine: x86_64", "# java: openjdk version \"17.0.21.1\" 2026-11-17", "# jna: 5.19.1", "# rdma-core: 44.0-2",
            "# perftest: 4.5+0.17-1", "# devices: rxe0 rxe1", "# gid: 1", "# lat iters: 1000", "# bw iters: 2000");

    /** Two rounds of every test and size: C at {@code c}, Java at {@code java} times it in round 1, 1.2 times in round 2. */
    private static List<String> runs(String verb, double c, double java) {
        List<String> lines = new ArrayList<>(FACTS);
        lines.add("# verb: " + verb);
        for (String test : List.of("lat", "bw")) {
            for (String size : RdmaPerfPage.SIZES) {
                lines.addAll(List.of(test + " c " + size + " 1 " + c, test + " java " + size + " 1 " + c * java,
                        test + " c " + size + " 2 " + c, test + " java " + size + " 2 " + c * 1.2));
            }
        }
        return lines;
    }

    @Test
    void theTableTheChartAndTheTargets() {
        String page = RdmaPerfPage.render(RunLog.parse(runs("read", 10, 1.0)));

        assertThat(page).startsWith("## Chapter 06 (RDMA READ) against perftest's ib_read_lat and ib_read_bw, in the lab\n")
                .contains("Measured by `bench/rdma-perf.sh read` on 2026-12-05, server on `rxe0`, client on\n`rxe1`, GID index 1, 2"
                        + " alternating runs")
                .contains("| lat | 64 B | 1000 | 10.00 | 11.00 | 1.10x | 1.00x to 1.20x | usec (t_typical) |")
                .contains("| bw | 64 KiB | 2000 | 10.00 | 11.00 | 1.10x | 1.00x to 1.20x | MB/sec (BW average; perftest MB = 2^20 B) |")
                .contains("    line [1.10, 1.10, 1.10]\n")
                .contains("latency 1.10x, 1.10x and 1.10x (the target met at 64 B, met at 4 KiB, met at 64 KiB); bandwidth at 64 KiB"
                        + " 1.10x (the target met).")
                .contains("(Where the CPU goes is not measured here")
                .doesNotContain("IBV_SEND_INLINE")
                .contains("Where: the soft-RoCE lab (qemu without hardware virtualisation, 2 vCPUs, the JVM with C1 only: see"
                        + " docs/soft-roce.md).\nJava: openjdk version \"17.0.21.1\" 2026-11-17; JNA 5.19.1. perftest: 4.5+0.17-1.\n")
                .endsWith("To reproduce: `mvn -q install -DskipTests && lab/run bench/rdma-perf.sh read`.\n");
    }

    @Test
    void inlineAndTheProfileOfAWrite() {
        List<String> lines = runs("write", 10, 1.5);
        lines.addAll(List.of("# c inline: 0", "inline on 64 1 50", "inline off 64 1 60", "inline on 64 2 70", "inline off 64 2 70",
                "profile c dso [kernel.kallsyms] 40", "profile c dso ib_write_lat 10", "profile c clock 0", "wall c 100",
                "profile java dso [kernel.kallsyms] 42", "profile java dso [JIT]_tid_9 9", "profile java dso jna1.tmp 1",
                "profile java clock 2", "wall java 120"));

        String page = RdmaPerfPage.render(RunLog.parse(lines));

        assertThat(page).contains("latency 1.35x, 1.35x and 1.35x (the target not met at 64 B")
                .contains("(the `Max inline data` its report prints, 0 bytes here)")
                .contains("| `-I 64` (inline) | 50.00 70.00 | 60.00 |")
                .contains("| `-I 0` (not inline) | 60.00 70.00 | 65.00 |")
                // ratios 0.83 and 1.00; the medians differ by 5, the runs of one setting by up to 20
                .contains("Inline / not inline: 0.92x (the median of the rounds' ratios); the two medians differ by\nless than")
                .contains("| usec of CPU per iteration, both sides | `ib_write_lat` | `05-rdma-write` |")
                // C: 50% of 2 CPUs over 100 usec; Java: 52% over 120
                .contains("| all of it | 100.0 | 124.8 |")
                .contains("| (the run's mean usec per iteration) | 100.00 | 120.00 |")
                .contains("Java's iteration took 20.0 usec more than C's (1.20x), and 24.8 usec more CPU: JNA's dispatch\n2.4 usec,"
                        + " reading the clock 4.8, the rest of the code in user space (JIT-compiled Java, the JVM and libraries,\n"
                        + "against C's program and libraries) 1.6, and the kernel's own work, the clock aside, 16.0.")
                .contains("Both sides of a write test spin on memory");
    }
}
