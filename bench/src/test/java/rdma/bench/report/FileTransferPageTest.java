package rdma.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The section rendered from a recorded log: the rates, the bound, the CPU profile and the sweep. */
class FileTransferPageTest {
    private static final String[] FIELDS = {"receiver-main", "receiver-sha256", "receiver-jit", "receiver-rest", "sender-main",
        "sender-sha256", "sender-jit", "sender-rest", "outside", "idle", "whole"};

    private static List<String> log() {
        List<String> lines = new ArrayList<>(List.of("# bench/file-transfer.sh", "# date: 2026-12-05", "# where: lab", "# cpus: 2",
                "# java: openjdk version \"17\"", "# perftest: 4.5+0.17-1", "# devices: rxe0 rxe1", "# chunk: 1M",
                "# chunk bytes: 1048576", "# depth: 8", "# mib: 1024", "# broken: 1"));
        for (int round = 1; round <= 3; round++) {
            double drift = 1 + (round - 2) * 0.1; // rounds at 0.9, 1.0 and 1.1 of the lab's speed
            lines.addAll(List.of("rate c " + round + " " + 40 * drift, "cpu user c " + round + " 0.25", "cpu kernel c " + round + " 0.5",
                    "rate c-q1 " + round + " " + 36 * drift, "rate transport-poll " + round + " " + 30 * drift,
                    "rate transport-events-poll " + round + " " + 32 * drift, "rate transport-events " + round + " " + 34 * drift,
                    "rate java " + round + " " + 20 * drift, "disk java " + round + " 0.8", "rate java-c1 " + round + " " + 16 * drift,
                    "rate java-events " + round + " " + 24 * drift));
            // 100 s of CPU time in all: 10 s in each field, idle 20
            for (String field : FIELDS) {
                double seconds = field.equals("whole") ? 100 : field.equals("idle") ? 20 : 10;
                lines.add("profile java " + round + " " + field + " " + seconds);
                lines.add("profile java-events " + round + " " + field + " " + seconds);
            }
        }
        lines.addAll(List.of("hash default 100", "hash c1 50", "sweep 256K 8 18.5", "sweep-disk 256K 8 0.9", "sweep 1M 16 21",
                "sweep-disk 1M 16 0.7"));
        return lines;
    }

    @Test
    void theRatesAndTheTargets() {
        String page = FileTransferPage.render(RunLog.parse(log()));

        assertThat(page).startsWith("## Chapter 07 (file transfer) against ib_write_bw, in the lab\n")
                .contains("`rxe1`, 3 alternating runs of each. The file is 1 GiB of random bytes")
                .contains("`--chunk 1M --depth 8`,\nand `ib_write_bw` with the same message size and queue depth (`-s 1048576 -t 8`)")
                .contains("again (1 time in this session)")
                .contains("| `ib_write_bw` | 40.00 | | |")
                .contains("| chapter 07, transport alone, both sides polling | 30.00 | 0.75x | 0.75 0.75 0.75 |")
                .contains("transport alone at least 0.9x: not met polling")
                .contains("the whole transfer at least 0.7x: not met\nin this run.")
                .contains("Reading the file took 0.80 s")
                .contains("50% busy in the\nkernel and 25% in user space")
                .contains("Both sides polling was the slowest of the three in 3 of the 3 rounds: here the spinning costs the");
    }

    @Test
    void theBoundTheProfileAndTheSweep() {
        // 2 CPUs: per MiB, 2 x 0.5 / 40 s of kernel work and 2 / 100 s of hashing: 2 / 0.045 = 44.44 MiB/s
        assertThat(FileTransferPage.bound(40, 0.5, 100, 2)).isCloseTo(44.44, org.assertj.core.data.Offset.offset(0.01));

        String page = FileTransferPage.render(RunLog.parse(log()));

        assertThat(page).contains("the lab could move at most 44.44 MiB/s of\nverified file (1.11x of `ib_write_bw`")
                .contains("(polling: round\n2, 100.00 s of CPU time; on events: round 2, 100.00 s)")
                .contains("| sender, main thread | 10 | 10% | 10 | 10% |")
                .contains("| idle | 20 | 20% | 20 | 20% |")
                .contains("used 25 ms of CPU per MiB in the kernel and 13 in user space")
                .contains("On events the CPUs were busy 80% of the time")
                .contains("that run would have moved 30.00 MiB/s, 0.75x of\nthe `ib_write_bw` of its round: past the 0.7x goal")
                .contains("Its fastest round was\n22% faster than its slowest, `ib_write_bw`'s 22%: the two drifted alike.")
                .contains("| 256K | 8 | 18.50 | 0.90 |\n| 1M | 16 | 21.00 | 0.70 |\n| 1M | 8 | 20.00 (the median above) | 0.80 |");
    }
}
