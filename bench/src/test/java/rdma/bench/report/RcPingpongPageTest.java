package rdma.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The section rendered from a recorded log: whole and steady state, the ratios and the target. */
class RcPingpongPageTest {
    @Test
    void wholeAndSteadyFromTheShortAndLongRuns() {
        List<String> lines = new ArrayList<>(List.of("# bench/rc-pingpong.sh", "# date: 2026-12-05", "# where: lab", "# cpus: 2",
                "# java: openjdk version \"17\"", "# jna: 5.19.1", "# rdma-core: 44.0-2", "# devices: rxe0 rxe1", "# gid: 1",
                "# iterations 64: 10000", "# iterations 4096: 3000", "# iterations 65536: 500"));
        for (String size : RcPingpongPage.SIZES) {
            // C: 10 usec whole and steady; Java: 12 whole, and 4N iterations at 10.5 leave a steady 10
            lines.addAll(List.of("short c " + size + " 1 10", "long c " + size + " 1 10", "short java " + size + " 1 12",
                    "long java " + size + " 1 10.5", "short c " + size + " 2 10", "long c " + size + " 2 10",
                    "short java " + size + " 2 11", "long java " + size + " 2 11"));
        }

        String page = RcPingpongPage.render(RunLog.parse(lines));

        assertThat(page).startsWith("## Chapter 04 (Java) against ibv_rc_pingpong (C), in the lab\n")
                .contains("`rxe1`, GID index 1, 2 alternating rounds per size")
                .contains("| 64 B | 10000 | 10.00 | 11.50 | 1.15x | 10.00 | 10.50 | 1.05x |")
                .contains("| 64 KiB | 500 | 10.00 | 11.50 | 1.15x | 10.00 | 10.50 | 1.05x |")
                .contains("    line [1.15, 1.15, 1.15]\n    line [1.05, 1.05, 1.05]\n")
                .contains("whole 1.10x to 1.20x at 64 B, 1.10x to 1.20x at 4 KiB, 1.10x to 1.20x at 64 KiB; steady 1.00x to 1.10x")
                .contains("so the target is not met for the whole run; steady\n1.05x and 1.05x, so it is met in the steady state.")
                .contains("Java: openjdk version \"17\"; JNA 5.19.1. rdma-core: 44.0-2.");
    }
}
