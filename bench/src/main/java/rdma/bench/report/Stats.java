package rdma.bench.report;

import java.util.ArrayList;
import java.util.List;

/**
 * The statistics of the benchmarks page: medians, and ratios taken round by round. The lab's speed
 * drifts over minutes, so a tool's run is set beside the other tool's run of the same round, never
 * beside a median of runs taken minutes apart.
 */
public final class Stats {
    private Stats() {
    }

    /** The middle value, or the mean of the two middle values of an even count. */
    public static double median(List<Double> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("the median of no values");
        }
        List<Double> sorted = new ArrayList<>(values);
        sorted.sort(null);
        int middle = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
    }

    /** Each run of {@code over} divided by the run of the same round of {@code under}. */
    public static List<Double> roundRatios(List<Double> over, List<Double> under) {
        if (over.size() != under.size()) {
            throw new IllegalArgumentException(over.size() + " rounds against " + under.size());
        }
        List<Double> ratios = new ArrayList<>();
        for (int i = 0; i < over.size(); i++) {
            ratios.add(over.get(i) / under.get(i));
        }
        return ratios;
    }

    /** The median of the rounds' own ratios. */
    public static double pairedMedian(List<Double> over, List<Double> under) {
        return median(roundRatios(over, under));
    }

    /** How far apart the rounds' ratios lay: "0.81x to 1.20x". */
    public static String ratioRange(List<Double> over, List<Double> under) {
        List<Double> ratios = roundRatios(over, under);
        return String.format("%.2fx to %.2fx", ratios.stream().mapToDouble(Double::doubleValue).min().orElseThrow(),
                ratios.stream().mapToDouble(Double::doubleValue).max().orElseThrow());
    }

    /**
     * A tool's steady state, round by round, from its runs of N iterations ({@code shorter}) and
     * of 4N ({@code longer}), each in usec an iteration: the longer run's extra 3N iterations
     * alone, (4 x longer - shorter) / 3, which leaves out what every run pays once (the JIT
     * compiling the loop, the first messages). The longer run is four times the shorter, not
     * twice: the difference carries the noise of both runs, which (2 x longer - shorter) would
     * multiply by about 2.2, and this by about 1.4.
     */
    public static List<Double> steady(List<Double> shorter, List<Double> longer) {
        if (shorter.size() != longer.size()) {
            throw new IllegalArgumentException(shorter.size() + " shorter runs against " + longer.size() + " longer");
        }
        List<Double> steady = new ArrayList<>();
        for (int i = 0; i < shorter.size(); i++) {
            steady.add((4 * longer.get(i) - shorter.get(i)) / 3);
        }
        return steady;
    }
}
