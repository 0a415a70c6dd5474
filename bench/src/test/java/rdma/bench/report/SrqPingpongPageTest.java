package rdma.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The section rendered from a recorded log: whole and steady state at both sizes, and the rounds' ranges. */
class SrqPingpongPageTest {
    @Test
    void wholeAndSteadyFromTheShortAndLongRuns() {
        List<String> lines = new ArrayList<>(List.of("# bench/srq-pingpong.sh", "# date: 2026-12-05", "# where: lab", "# cpus: 2",
                "# java: openjdk version \"17\"", "# jna: 5.19.1", "# rdma-core: 44.0-2", "# devices: rxe0 rxe1", "# gid: 1",
                "# qps: 16", "# iterations 64: 8000", "# iterations 4096: 3000"));
        for (String size : SrqPingpongPage.SIZES) {
            // C: 10 usec whole and steady; Java: 12 whole, and 4N iterations at 10.5 leave a steady 10
            lines.addAll(List.of("short c " + size + " 1 10", "long c " + size + " 1 10", "short java " + size + " 1 12",
                    "long java " + size + " 1 10.5", "short c " + size + " 2 10", "long c " + size + " 2 10",
                    "short java " + size + " 2 11", "long java " + size + " 2 11"));
        }

        String page = SrqPingpongPage.render(RunLog.parse(lines));

        assertThat(page).startsWith("## Chapter 12 (shared receive queue) against ibv_srq_pingpong, in the lab\n")
                .contains("client on `rxe1`, GID index 1, 16 QPs on one\nshared receive queue")
                .contains("| 64 B | 8000 | 10.00 | 11.50 | 1.15x | 10.00 | 10.50 | 1.05x |")
                .contains("| 4 KiB | 3000 | 10.00 | 11.50 | 1.15x | 10.00 | 10.50 | 1.05x |")
                .contains("The rounds' own ratios, lowest to highest: 64 B whole 1.10x to 1.20x, steady 1.00x to 1.10x; 4 KiB")
                .contains("Java: openjdk version \"17\"; JNA 5.19.1. rdma-core: 44.0-2.");
    }
}
