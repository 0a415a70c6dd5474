package rdma.write.perftest;

import java.util.List;

/**
 * perftest's bandwidth table ({@code ib_write_bw}, {@code ib_read_bw}): bytes moved between the
 * first post and the last completion, in MB/sec (MB is 2^20 bytes, as perftest counts it) or
 * Gb/sec. The peak is the best rate over any window that ends at a signaled completion; the loop
 * records the time of each window's first post and of its completion in arrays made before it
 * starts. As perftest, a
 * run of more than {@link #PEAK_MAX_ITERATIONS} messages has no peak (it prints 0.00), and then
 * reads the clock only at the first post and after the last completion: each read is a system
 * call where the clock is not in user space (in the lab), and perftest reads its cycle counter,
 * an instruction.
 */
public final class BandwidthReport {
    static final String HEADER = " #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]";
    static final String HEADER_GBITS = " #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]";

    /**
     * perftest's two units of bandwidth: MB/sec, where MB is 2^20 bytes (the default), and with
     * {@code --report_gbits} Gb/sec, 10^9 bits (125,000,000 bytes).
     */
    public enum Unit {
        MB(1 << 20, HEADER),
        GBITS(125_000_000, HEADER_GBITS);

        private final double bytes;
        private final String header;

        Unit(double bytes, String header) {
            this.bytes = bytes;
            this.header = header;
        }

        /** {@code --report_gbits}: Gb/sec; otherwise MB/sec. */
        public static Unit of(boolean reportGbits) {
            return reportGbits ? GBITS : MB;
        }
    }

    /** perftest looks for the peak only in runs of at most this many iterations. */
    public static final int PEAK_MAX_ITERATIONS = 20_000;

    private final long[] windowPosted;
    private final long[] windowCompleted;
    private final int[] windowMessages;
    private final boolean peak;
    private int windows;
    private long firstPost;
    private long lastCompletion;

    /** A report of {@code iterations} messages with a completion every {@code signalEvery}. */
    public static BandwidthReport of(int iterations, int signalEvery) {
        return iterations > PEAK_MAX_ITERATIONS ? new BandwidthReport(0, false) : new BandwidthReport(iterations / signalEvery + 2, true);
    }

    /** Room for {@code maxWindows} windows of messages; without {@code peak}, none is kept. */
    BandwidthReport(int maxWindows, boolean peak) {
        windowPosted = new long[maxWindows];
        windowCompleted = new long[maxWindows];
        windowMessages = new int[maxWindows];
        this.peak = peak;
    }

    /** Whether the loop should time each window ({@link #windowCompleted}), or only call {@link #finished}. */
    public boolean timesWindows() {
        return peak;
    }

    /** The first message is posted now. */
    public void started() {
        started(System.nanoTime());
    }

    void started(long nanos) {
        firstPost = nanos;
    }

    /** A window of {@code messages} messages, posted from {@code postedNanos}, completed now. */
    public void windowCompleted(long postedNanos, int messages) {
        windowCompleted(postedNanos, System.nanoTime(), messages);
    }

    void windowCompleted(long postedNanos, long completedNanos, int messages) {
        windowPosted[windows] = postedNanos;
        windowCompleted[windows] = completedNanos;
        windowMessages[windows] = messages;
        windows++;
        lastCompletion = completedNanos;
    }

    /** The last message completed now: the end of a run whose windows are not timed. */
    public void finished() {
        finished(System.nanoTime());
    }

    void finished(long nanos) {
        lastCompletion = nanos;
    }

    /** Seconds from the first post to the last completion. */
    public double seconds() {
        return (lastCompletion - firstPost) / 1e9;
    }

    /** What perftest reports of a bandwidth test, and what ib_write_bw's client sends its server. */
    public record Figures(long size, long iterations, double peak, double average, double messageRate) {
        /** What a side that measured nothing sends: ib_write_bw's server. */
        public static final Figures NONE = new Figures(0, 0, 0, 0, 0);

        /**
         * perftest's table of these figures, in {@code unit}; as perftest, an average below 0.1
         * Gb/sec gets six decimals instead of two.
         */
        public List<String> lines(Unit unit) {
            String row = unit == Unit.GBITS && average < 0.1
                    ? String.format(" %-7d    %d           %-7.6f            %-7.6f            %-7.6f", size, iterations, peak, average,
                            messageRate)
                    : String.format(" %-7d    %-10d       %-7.2f            %-7.2f\t\t   %-7.6f", size, iterations, peak, average,
                            messageRate);
            return List.of(LatencyReport.RESULT_LINE, unit.header, row, LatencyReport.RESULT_LINE);
        }
    }

    /** The figures of {@code iterations} messages of {@code size} bytes, the bandwidths in {@code unit}. */
    public Figures figures(int size, int iterations, Unit unit) {
        double seconds = seconds();
        double bestNanosPerMessage = Double.MAX_VALUE;
        for (int i = 0; i < windows; i++) {
            bestNanosPerMessage = Math.min(bestNanosPerMessage, (double) (windowCompleted[i] - windowPosted[i]) / windowMessages[i]);
        }
        double peakRate = peak ? size / (bestNanosPerMessage / 1e9) / unit.bytes : 0;
        double average = (double) size * iterations / seconds / unit.bytes;
        double messageRate = iterations / seconds / 1e6;
        return new Figures(size, iterations, peakRate, average, messageRate);
    }

    public List<String> lines(int size, int iterations, Unit unit) {
        return figures(size, iterations, unit).lines(unit);
    }
}
