package rdma.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The sections rendered from JMH's results as the log holds them (the host's run of 2026-12-04). */
class NullDevicePageTest {
    private static List<String> log(String where) {
        List<String> lines = new ArrayList<>(List.of("# bench/nulldevice.sh", "# date: 2026-12-04", "# where: " + where, "# cpus: 2",
                "# machine: x86_64", "# jdk: 25.0.3"));
        String[][] results = {{"c", "62.2", "9.1", "60.1", "2.4"}, {"ffm", "61.4", "2.6", "61.6", "0.9"},
            {"jna", "239.5", "8.2", "229.6", "5.7"}, {"latencyC", "52.1", "1.0", "103.4", "3.2"},
            {"latencyFfm", "69.2", "5.0", "119.0", "29.1"}, {"latencyJna", "251.2", "12.4", "288.8", "13.0"},
            {"bandwidthC", "11.4", "4.8", "39.2", "5.2"}, {"bandwidthFfm", "18.4", "1.0", "53.2", "2.3"},
            {"bandwidthJna", "107.9", "1.4", "140.0", "4.7"}, {"latencyCriticalPost", "59.6", "0.4", "99.0", "14.2"},
            {"bandwidthCriticalPost", "14.2", "2.6", "47.2", "3.0"}};
        for (String[] route : results) {
            lines.addAll(List.of("score " + route[0] + " 64 " + route[1], "error " + route[0] + " 64 " + route[2],
                    "score " + route[0] + " 4096 " + route[3], "error " + route[0] + " 4096 " + route[4]));
        }
        return lines;
    }

    @Test
    void theHostsSection() {
        String page = NullDevicePage.render(RunLog.parse(log("host")));

        assertThat(page).startsWith("## What a message costs in software alone (null device, host)\n")
                .contains("Measured by `bench/nulldevice.sh` on 2026-12-04, x86_64, 2 CPUs, Java 25.0.3, no RDMA")
                .contains("| Java, chapter 04's loop through JNA (the chapters) | 239.5 ± 8.2 | 3.85x | 229.6 ± 5.7 | 3.82x |")
                .contains("    bar [62.2, 61.4, 239.5]\n    bar [60.1, 61.6, 229.6]\n")
                .contains("JNA adds about 177 ns per message, a projected Java/C ratio of at most\n1.21x at 64 B and 1.07x at 4 KiB;"
                        + " `java.lang.foreign` adds about -1 ns, at\nmost 1.00x and 1.00x.")
                .contains("| bandwidth, chapter 05 through JNA | 107.9 ± 1.4 | 9.46x | 140.0 ± 4.7 | 3.57x |")
                .contains("    bar [0.99, 1.33, 1.61]\n    bar [3.85, 4.82, 9.46]\n")
                .contains("Chapter 04's loop: 0.99x and\n1.02x (met). Chapter 05's latency loop: 1.33x and 1.15x\n(not met)")
                .contains("That change of state costs a latency message 10 ns and a bandwidth\nmessage 4 ns at 64 B. What remains, 8 ns"
                        + " and 3 ns,")
                .contains("In chapter 05's loops the change of state alone is 18% of C's latency message and 37% of its bandwidth"
                        + " message: through a `post_send` that may enter the kernel");
    }

    @Test
    void theLabsSection() {
        String page = NullDevicePage.render(RunLog.parse(log("lab")));

        assertThat(page).startsWith("## What a message costs in software alone, in the lab (null device)\n")
                .contains("(qemu without hardware virtualisation, 2 vCPUs), Java 25.0.3 with the lab's C1-only JIT")
                .contains("| C, rc_pingpong's loop (cloops.c) | 62.2 ± 9.1 | 1.00x | 60.1 ± 2.4 | 1.00x |")
                .contains("Java adds about 0.4 us per 64 B iteration through JNA and about -0.0 us through")
                .doesNotContain("Chapter 05's loops");
    }

    @Test
    void aDifferenceWithinTheNoiseIsSaidSo() {
        assertThat(NullDevicePage.nanos(9.6)).isEqualTo("10 ns");
        assertThat(NullDevicePage.nanos(-0.6)).isEqualTo("no measurable time (-0.6 ns)");
    }
}
