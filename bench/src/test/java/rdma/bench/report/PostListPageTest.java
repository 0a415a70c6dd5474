package rdma.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The section rendered from a recorded log: its rows, the goal's verdict and what a list buys. */
class PostListPageTest {
    private static final RunLog LOG = RunLog.parse(List.of(
            "# bench/post-list.sh 2026-12-05, x86_64, 2 CPUs, devices rxe0 rxe1, 4800 messages a run",
            "# cpus: 2", "# minute: 1500000", "# tool size list round MB/sec",
            "c 64 1 1 2.00", "java 64 1 1 1.00", "c 64 1 2 2.20", "java 64 1 2 0.88",
            "c 64 16 1 4.00", "java 64 16 1 3.80", "c 64 16 2 4.40", "java 64 16 2 4.18",
            "c 4096 1 1 100", "java 4096 1 1 90", "c 4096 1 2 100", "java 4096 1 2 95",
            "c 4096 16 1 120", "java 4096 16 1 120", "c 4096 16 2 110", "java 4096 16 2 99",
            // a message of 64 B at 2 MiB/sec takes 30.52 usec, at 1.6 MiB/sec 38.15
            "minute c 64 16 1 2.0", "minute java 64 16 1 1.6", "minute c 64 16 2 2.0", "minute java 64 16 2 2.0",
            "profile c dso [kernel.kallsyms] 49.0", "profile c dso libc.so.6 1.0", "profile c clock 0", "profile c comm swapper 49.5",
            "profile c comm ib_write_bw 50.0", "syscalls c 8 16777",
            "profile java dso [kernel.kallsyms] 47.0", "profile java dso [JIT]_tid_392 2.0", "profile java dso jna123.tmp_(deleted) 1.0",
            "profile java clock 0.5", "profile java comm swapper 49.0", "profile java comm java 50.0", "syscalls java 8 13422"));

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

        assertThat(page).contains("The goal, Java at least 0.9x of `ib_write_bw` with a list of 16 at 64 B: met in runs of about a"
                + " minute (0.90x, below), met in these runs (0.95x)")
                .contains("What a list of 16 buys each tool at 64 B, against a list of 1: C 2.00x, Java 4.28x")
                .contains("1500000 messages a run at 64 B with a list of 16, where the JIT's warm-up weighs little: C 2.00,"
                        + " Java 1.80 MB/sec, Java / C 0.90x (0.80x to 1.00x).");
    }

    @Test
    void theProfileSaysWhereJavasExtraTimeGoes() {
        String page = PostListPage.render(LOG);

        // C: 50% of 2 CPUs over 30.52 usec; Java: 50% over 38.15
        assertThat(page).contains("| all of it | 30.5 | 38.1 |")
                .contains("| in the kernel | 29.9 | 35.9 |")
                .contains("| JIT-compiled Java | 0.0 | 1.5 |")
                .contains("| (the run's usec per message) | 30.52 | 38.15 |")
                .contains("took 50% (C) and 50% (Java) of all samples and the idle task 50% and 49%")
                .contains("C made 0.064 system calls a message, Java 0.064")
                .contains("took 2.3 usec a message against C's 0.6, 1.7 more; the kernel's work took 6.0 usec more")
                .contains("(reading the clock 0.4 of it)")
                .contains("Java's own code is 22% of the 7.6 usec a message that Java took beyond C");
    }
}
