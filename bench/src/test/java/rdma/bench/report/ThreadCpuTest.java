package rdma.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The CPU of a transfer's threads, from samples whose answer is worked out by hand (100 ticks a second). */
class ThreadCpuTest {
    /** A /proc stat line whose utime and stime are given. */
    private static String stat(int id, String name, int utime, int stime) {
        return id + " (" + name + ") S 1 1 1 0 -1 4194560 0 0 0 0 " + utime + " " + stime + " 0 0 20 0 30 0";
    }

    private static List<String> samples() {
        List<String> lines = new ArrayList<>(List.of(
                // before the transfer: not counted
                "sample", "cpu 1 0 1 1 0 0 0 0 0 0", stat(10, "java", 1, 0), stat(20, "java", 1, 0), "complete",
                "transfer",
                "sample", "cpu  100 0 50 1000 0 0 10 0 0 0", "intr 5 0 0",
                stat(10, "java", 30, 20), stat(10, "java", 5, 5), stat(11, "rcv-sha256", 10, 0),
                stat(12, "C1 CompilerThre", 20, 0), stat(13, "GC Thread#0", 5, 5),
                stat(20, "java", 40, 0), stat(20, "java", 10, 0), stat(21, "snd-sha256", 30, 0),
                "complete",
                "sample", "cpu  300 0 100 1100 0 0 20 0 0 0",
                stat(10, "java", 130, 70), stat(10, "java", 25, 5), stat(11, "rcv-sha256", 60, 0),
                stat(12, "C1 CompilerThre", 40, 0), stat(13, "GC Thread#0", 5, 5),
                stat(20, "java", 140, 0), stat(20, "java", 30, 0), stat(21, "snd-sha256", 80, 0),
                stat(22, "C2 CompilerThre", 10, 0),
                "complete"));
        // The same once more, but the C2 thread has ended: it counts as it was last seen.
        List<String> third = new ArrayList<>(lines.subList(lines.lastIndexOf("sample"), lines.size()));
        third.remove(stat(22, "C2 CompilerThre", 10, 0));
        lines.addAll(third);
        // A sample without "complete" (a JVM had gone): not counted.
        lines.addAll(List.of("sample", "cpu 9999 0 0 0 0 0 0 0 0 0", stat(10, "java", 999, 0)));
        return lines;
    }

    @Test
    void eachSideSplitsIntoItsThreadsAndTheMachineIntoTheRest() {
        Map<String, Double> seconds = ThreadCpu.of(samples(), "10", "20", 100);
        assertThat(seconds.keySet()).containsExactlyElementsOf(ThreadCpu.FIELDS);
        assertThat(seconds.values()).containsExactly(0.2, 0.5, 0.2, 0.6, 0.2, 0.5, 0.1, 0.2, 0.1, 1.0, 3.6);
    }

    @Test
    void samplesThatNeverReachTheTransferAreAnError() {
        assertThatThrownBy(() -> ThreadCpu.of(List.of("sample", "cpu 1 0 0 0 0 0 0 0", "complete"), "10", "20", 100))
                .hasMessageContaining("no complete sample after the line \"transfer\"");
    }
}
