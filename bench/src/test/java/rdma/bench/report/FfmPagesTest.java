package rdma.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The appendix's two sections rendered from recorded logs. */
class FfmPagesTest {
    private static final List<String> FACTS = List.of("# a run", "# date: 2026-12-05", "# where: lab", "# cpus: 2", "# jdk: 25.0.3",
            "# jna: 5.19.1", "# rdma-core: 44.0-2", "# perftest: 4.5+0.17-1", "# devices: rxe0 rxe1", "# gid: 1");

    @Test
    void thePingpongThroughEachRoute() {
        List<String> lines = new ArrayList<>(FACTS);
        lines.addAll(List.of("# iterations 64: 10000", "# iterations 4096: 3000"));
        for (String size : List.of("64", "4096")) {
            // steady: C 10, JNA 12, FFM 11 (a 4N run at the same usec/iter as the N run)
            for (String[] tool : new String[][] {{"c", "10"}, {"jna", "12"}, {"ffm", "11"}}) {
                lines.addAll(List.of("short " + tool[0] + " " + size + " 1 " + tool[1], "long " + tool[0] + " " + size + " 1 " + tool[1]));
            }
        }

        String page = FfmPingpongPage.render(RunLog.parse(lines));

        assertThat(page).startsWith("## Appendix: the pingpong through `java.lang.foreign`, in the lab\n")
                .contains("`rxe1`, GID index 1, 1 alternating rounds per size")
                .contains("Both Java routes ran on Java 25.0.3")
                .contains("| 64 B | 10000 | 10.00 | 12.00 | 11.00 | 10.00 | 12.00 | 11.00 |")
                .contains("| 4 KiB | 1.20x | 1.10x | 1.20x | 1.10x | 0.92x |")
                .contains("JNA/C 1.20x to 1.20x at 64 B, 1.20x to 1.20x at 4 KiB; FFM/C 1.10x to 1.10x at 64 B")
                .contains("    bar [10.00, 11.00, 12.00]\n");
    }

    @Test
    void theWriteLatencyThroughEachRoute() {
        List<String> lines = new ArrayList<>(FACTS);
        lines.add("# writes: 5000");
        for (String[] tool : new String[][] {{"c", "40", "48"}, {"jna", "60", "128"}, {"ffm", "50", "150"}}) {
            lines.addAll(List.of("typical " + tool[0] + " 64 1 " + tool[1], "average " + tool[0] + " 64 1 " + tool[2]));
        }

        String page = FfmWritePage.render(RunLog.parse(lines));

        assertThat(page).startsWith("## Appendix: RDMA WRITE latency through `java.lang.foreign`, in the lab (chapter 05)\n")
                .contains("`rxe1`, GID index 1, 1 alternating rounds per size of 5000 writes each:")
                .contains("| 64 B | 40.00 | 60.00 | 50.00 | 1.50x | 1.25x | 48.00 | 128.00 | 150.00 |")
                .contains("title \"64 B RDMA WRITE latency in the lab, t_typical (usec, lower is better)\"")
                .contains("    bar [40.00, 50.00, 60.00]\n")
                .contains("JNA 5.19.1. rdma-core: 44.0-2; perftest: 4.5+0.17-1.");
    }
}
