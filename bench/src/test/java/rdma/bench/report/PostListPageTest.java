package rdma.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The section rendered from a recorded log: its rows, the goal's verdict and what a list buys. */
class PostListPageTest {
    private static final RunLog LOG = RunLog.parse(List.of(
            "# bench/post-list.sh 2026-12-05, x86_64, 2 CPUs, devices rxe0 rxe1, 4800 messages a run",
            "# tool size list round MB/sec",
            "c 64 1 1 2.00", "java 64 1 1 1.00", "c 64 1 2 2.20", "java 64 1 2 0.88",
            "c 64 16 1 4.00", "java 64 16 1 3.80", "c 64 16 2 4.40", "java 64 16 2 4.18",
            "c 4096 1 1 100", "java 4096 1 1 90", "c 4096 1 2 100", "java 4096 1 2 95",
            "c 4096 16 1 120", "java 4096 16 1 120", "c 4096 16 2 110", "java 4096 16 2 99",
            "long c 64 16 1 5.0", "long java 64 16 1 4.0", "long c 64 16 2 5.0", "long java 64 16 2 5.0"));

    @Test
    void theTableHasARowPerSizeAndList() {
        String page = PostListPage.render(LOG);

        assertThat(page).startsWith("## Post lists against ib_write_bw\n")
                .contains("(bench/post-list.sh 2026-12-05, x86_64, 2 CPUs, devices rxe0 rxe1, 4800 messages a run)")
                .contains("| 64 B | 1 | 2.10 | 0.94 | 0.45x | 0.40x to 0.50x |")
                .contains("| 64 B | 16 | 4.20 | 3.99 | 0.95x | 0.95x to 0.95x |")
                .contains("| 4 KiB | 1 | 100.00 | 92.50 | 0.93x | 0.90x to 0.95x |")
                .contains("| 4 KiB | 16 | 115.00 | 109.50 | 0.95x | 0.90x to 1.00x |");
    }

    @Test
    void theGoalAndWhatAListBuys() {
        String page = PostListPage.render(LOG);

        assertThat(page).contains("The goal, Java at least 0.9x of `ib_write_bw` with a list of 16 at 64 B: met (0.95x).")
                .contains("What a list of 16 buys each tool at 64 B, against a list of 1: C 2.00x, Java 4.28x")
                .contains("The same case in runs ten times as long, where the JIT's warm-up weighs a tenth as much: C 5.00,"
                        + " Java 4.50 MB/sec, Java / C 0.90x (0.80x to 1.00x).");
    }
}
