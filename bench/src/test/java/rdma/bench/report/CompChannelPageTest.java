package rdma.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The section rendered from a recorded log: every table, the targets and the profiles. */
class CompChannelPageTest {
    /** One round: every tool at both sizes apart, and C's -e and Java's events at 64 B placed the other two ways. */
    private static List<String> log() {
        List<String> lines = new ArrayList<>(List.of("# bench/comp-channel.sh", "# date: 2026-12-05", "# where: lab", "# cpus: 2",
                "# java: openjdk version \"17\"", "# rdma-core: 44.0-2", "# devices: rxe0 rxe1", "# iterations: 5000", "# mib: 1024"));
        for (String size : CompChannelPage.SIZES) {
            for (List<String> tool : CompChannelPage.TOOLS) {
                // C's -e at 100 usec and 0.4 CPU s per 1000, Java's events at 120 and 0.6; the rest at 50 and 0.2
                double usec = tool.get(0).equals("c-e") ? 100 : tool.get(0).equals("java-events") ? 120 : 50;
                double cpu = tool.get(0).equals("c-e") ? 0.4 : tool.get(0).equals("java-events") ? 0.6 : 0.2;
                lines.addAll(runs(tool.get(0), "apart", size, usec, cpu));
            }
        }
        for (String placement : List.of("shared", "free")) {
            lines.addAll(runs("c-e", placement, "64", 100, 0.4));
            lines.addAll(runs("java-events", placement, "64", 150, 0.6));
        }
        lines.addAll(List.of("transfer seconds poll 94.59", "transfer cpu poll 188.9", "transfer seconds events 71.64",
                "transfer cpu events 134.8", "transfer seconds adaptive 73.84", "transfer cpu adaptive 141.7",
                "stopped c 102.2", "stopped c-e 0", "stopped java-poll 103", "stopped java-events 0.6", "stopped java-adaptive 1.2",
                "idle poll 0.6", "idle events 1", "idle adaptive 1.1"));
        for (String size : CompChannelPage.SIZES) {
            lines.addAll(List.of("# profile iterations c-e " + size + ": 165000", "wall c-e " + size + " 100",
                    "profile c-e " + size + " dso [kernel.kallsyms] 40", "profile c-e " + size + " dso libibverbs.so.1 10",
                    "# profile iterations java-events " + size + ": 153000", "wall java-events " + size + " 120",
                    "profile java-events " + size + " dso [kernel.kallsyms] 40", "profile java-events " + size + " dso jna1.tmp 5",
                    "profile java-events " + size + " dso [JIT]_tid_3 2.5"));
        }
        return lines;
    }

    private static List<String> runs(String tool, String placement, String size, double usec, double cpu) {
        return List.of("usec short " + tool + " " + placement + " " + size + " 1 " + usec,
                "usec long " + tool + " " + placement + " " + size + " 1 " + usec,
                "cpu short " + tool + " " + placement + " " + size + " 1 " + cpu,
                "cpu long " + tool + " " + placement + " " + size + " 1 " + cpu);
    }

    @Test
    void theTablesAndTheTargets() {
        String page = CompChannelPage.render(RunLog.parse(log()));

        assertThat(page).startsWith("## Chapter 08 (completion events): poll, events and adaptive, in the lab\n")
                .contains("(`taskset`: each side on a CPU of its own, as on two hosts), 1 rounds: the client's")
                .contains("for 5000 iterations (whole) and for 20000; steady is the longer run's extra\n15000 iterations alone")
                .contains("| 64 B | `ibv_rc_pingpong -e` | 100.00 | 100.00 | 0.400 | 0.400 |")
                .contains("| 4 KiB | `08 pingpong --wait events` | 120.00 | 120.00 | 0.600 | 0.600 |")
                .contains("in latency: 1.20x at 64 B\n(met), 1.20x at 4 KiB (met); and in CPU per iteration: 1.50x at 64 B\n(not met)")
                .contains("    bar [100.00, 100.00]\n    bar [50.00, 50.00]\n    bar [120.00, 120.00]\n")
                .contains("| both on CPU 0 | 100.00 | 150.00 | 1.50x | 0.400 | 0.600 | 1.50x |")
                .contains("The file transfer of a 1 GiB file")
                .contains("| poll | 94.59 | 188.9 |")
                .contains("| `ibv_rc_pingpong -e` | 0.0% |\n| `08 pingpong --wait poll` | 103.0% |")
                .doesNotContain("| `ibv_rc_pingpong -e`, poll(2) first | 0")
                .contains("| adaptive | 1.1% |");
    }

    @Test
    void theProfiles() {
        String page = CompChannelPage.render(RunLog.parse(log()));

        // C: 50% of 2 CPUs over 100 usec = 100 usec; Java: JNA 5% over 120 = 12, JIT 2.5% = 6
        assertThat(page).contains("**64 B**, runs of 165000 iterations of C and 153000 of Java:")
                .contains("| all of it | 100.0 | 114.0 |")
                .contains("JNA's dispatch took 12.0 usec of CPU per iteration, 12% of all that C's iteration took, and the\n"
                        + "JIT-compiled loop and the JVM 6% more: Java's events cost at least 1.18x of C's CPU")
                .contains("In the kernel, Java's main thread took\n1.20x of C's time.")
                .contains("From 64 B to 4 KiB, C's CPU per iteration grew 1.00x (100.0 to 100.0 usec)");
    }
}
