package rdma.write.perftest;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.jna.Memory;
import java.util.List;
import org.junit.jupiter.api.Test;
import rdma.write.DataPattern;

/** perftest's tables, from known times; and the -c pattern. */
class ReportsTest {
    @Test
    void theLatencyTableIsHalfOfEachRoundTripForWrites() {
        LatencyReport report = new LatencyReport(5);
        long[] starts = {0, 10_000, 20_000, 34_000, 44_000}; // round trips of 10, 10, 14 and 10 us
        for (int i = 0; i < starts.length; i++) {
            report.started(i, starts[i]);
        }
        report.finished(50_000);

        List<String> lines = report.lines(64, 2);

        assertThat(lines.get(1)).isEqualTo(LatencyReport.HEADER);
        // 4 samples, the 2 slowest left out as perftest does: 5.00 and 5.00 us remain.
        assertThat(lines.get(2)).startsWith(" 64      5          5.00           5.00         5.00");
        assertThat(report.seconds()).isEqualTo(50e-6);
    }

    @Test
    void theBandwidthTableCountsMebibytesAsPerftestDoes() {
        BandwidthReport report = BandwidthReport.of(1024, 512);
        report.started(0);
        // two windows of 512 messages of 1 MiB: the first takes one second, the second half of one
        report.windowCompleted(0, 1_000_000_000L, 512);
        report.windowCompleted(1_000_000_000L, 1_500_000_000L, 512);

        List<String> lines = report.lines(1 << 20, 1024, BandwidthReport.Unit.MB);

        // average: 1024 MiB in 1.5 s; peak: the second window, 512 MiB in 0.5 s
        assertThat(lines.get(2)).startsWith(" 1048576    1024             1024.00            682.67").endsWith("0.000683");
    }

    /** --report_gbits: 10^9 bits, perftest's header; below 0.1 Gb/sec, six decimals, as perftest's REPORT_FMT_EXT. */
    @Test
    void theBandwidthTableInGigabitsAsPerftestPrintsIt() {
        BandwidthReport report = BandwidthReport.of(1024, 512);
        report.started(0);
        report.windowCompleted(0, 1_000_000_000L, 512);
        report.windowCompleted(1_000_000_000L, 1_500_000_000L, 512);

        List<String> lines = report.lines(1 << 20, 1024, BandwidthReport.Unit.GBITS);

        // average: 2^30 bytes in 1.5 s, 5.73 * 10^9 bits a second; peak: 2^29 bytes in 0.5 s
        assertThat(lines.get(1)).isEqualTo(" #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]");
        assertThat(lines.get(2)).startsWith(" 1048576    1024             8.59               5.73");
        BandwidthReport slow = BandwidthReport.of(1000, 1000);
        slow.started(0);
        slow.windowCompleted(0, 1_000_000_000L, 1000);
        assertThat(slow.lines(64, 1000, BandwidthReport.Unit.GBITS).get(2))
                .isEqualTo(" 64         1000           0.000512            0.000512            0.001000");
    }

    @Test
    void aRunLongerThanPerftestsPeakLimitHasNoPeakAndTimesNoWindow() {
        BandwidthReport report = BandwidthReport.of(BandwidthReport.PEAK_MAX_ITERATIONS + 100, 100);
        report.started(0);
        report.finished(2_000_000_000L);

        assertThat(report.timesWindows()).isFalse();
        assertThat(BandwidthReport.of(BandwidthReport.PEAK_MAX_ITERATIONS, 100).timesWindows()).isTrue();
        // perftest prints a peak of 0.00 for such a run; the average is the whole run's
        assertThat(report.lines(1 << 20, BandwidthReport.PEAK_MAX_ITERATIONS + 100, BandwidthReport.Unit.MB).get(2))
                .startsWith(" 1048576    20100            0.00               10050.00");
    }

    @Test
    void thePatternCatchesAShiftedMessage() {
        Memory memory = new Memory(200_000);
        DataPattern.fill(memory, 0, 200_000);
        assertThat(DataPattern.firstMismatch(memory, 0, 200_000)).isEqualTo(-1);
        assertThat(DataPattern.firstMismatch(memory, 1, 1000)).isZero();
        memory.setByte(150_000, (byte) (memory.getByte(150_000) + 1));
        assertThat(DataPattern.firstMismatch(memory, 0, 200_000)).isEqualTo(150_000);
    }
}
