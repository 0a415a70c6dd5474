package rdma.write.perftest;

import java.util.Arrays;
import java.util.List;

/**
 * perftest's latency table ({@code ib_write_lat}, {@code ib_read_lat}), from the moment each
 * iteration started: the time between two starts is one round trip. A WRITE latency test reports
 * half of it (each side's write crosses the wire once per half), a READ test all of it (a READ is
 * a round trip by itself), as perftest does. Recording a start allocates nothing: the array is
 * made before the loop.
 */
public final class LatencyReport {
    /** perftest leaves out the slowest samples (LAT_MEASURE_TAIL). */
    static final int MEASURE_TAIL = 2;
    static final String RESULT_LINE = "---------------------------------------------------------------------------------------";
    public static final String HEADER = " #bytes #iterations    t_min[usec]    t_max[usec]  t_typical[usec]    t_avg[usec]    t_stdev[usec]"
            + "   99% percentile[usec]   99.9% percentile[usec] ";

    private final long[] startNanos;
    private long endNanos;

    /** Room for {@code iterations} starts. */
    public LatencyReport(int iterations) {
        this.startNanos = new long[iterations];
    }

    /** Iteration {@code iteration} starts now. */
    public void started(int iteration) {
        started(iteration, System.nanoTime());
    }

    void started(int iteration, long nanos) {
        startNanos[iteration] = nanos;
    }

    /** The loop ended now. */
    public void finished() {
        finished(System.nanoTime());
    }

    void finished(long nanos) {
        endNanos = nanos;
    }

    /** Seconds from the first start to the end. */
    public double seconds() {
        return (endNanos - startNanos[0]) / 1e9;
    }

    /**
     * The table's lines for {@code size}-byte messages; {@code roundTripsPerSample} is 2 for a
     * ping-pong of writes (half a round trip each way), 1 for READ.
     */
    public List<String> lines(int size, int roundTripsPerSample) {
        int iterations = startNanos.length;
        int samples = iterations - 1;
        double[] micros = new double[samples];
        for (int i = 0; i < samples; i++) {
            micros[i] = (startNanos[i + 1] - startNanos[i]) / 1000.0 / roundTripsPerSample;
        }
        Arrays.sort(micros);
        int measured = Math.max(1, samples - MEASURE_TAIL);
        double sum = 0;
        for (int i = 0; i < measured; i++) {
            sum += micros[i];
        }
        double average = sum / measured;
        double squares = 0;
        for (int i = 0; i < measured; i++) {
            squares += (micros[i] - average) * (micros[i] - average);
        }
        double median = measured % 2 == 1 ? micros[measured / 2] : (micros[measured / 2 - 1] + micros[measured / 2]) / 2;
        int p99 = Math.min(measured - 1, (int) Math.ceil(measured * 0.99) - 1);
        int p999 = Math.min(measured - 1, (int) Math.ceil(measured * 0.999) - 1);
        return List.of(RESULT_LINE, HEADER, String.format(" %-7d %d          %-7.2f        %-7.2f      %-7.2f  \t       %-7.2f     \t%-7.2f\t\t%-7.2f \t\t%-7.2f",
                size, iterations, micros[0], micros[measured - 1], median, average, Math.sqrt(squares / measured),
                micros[p99], micros[p999]), RESULT_LINE);
    }
}
