package rdma.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Each statistic on inputs whose answer is known. */
class StatsTest {
    @Test
    void theMedianIsTheMiddleOrTheMeanOfTheTwoMiddles() {
        assertThat(Stats.median(List.of(3.0, 1.0, 2.0))).isEqualTo(2.0);
        assertThat(Stats.median(List.of(4.0, 1.0, 3.0, 2.0))).isEqualTo(2.5);
        assertThat(Stats.median(List.of(7.0))).isEqualTo(7.0);
        assertThatThrownBy(() -> Stats.median(List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    /** Round by round: the median of the ratios, not the ratio of the medians (here 2.0, not 1.5). */
    @Test
    void ratiosPairRunsOfTheSameRound() {
        List<Double> java = List.of(2.0, 6.0, 9.0);
        List<Double> c = List.of(1.0, 3.0, 9.0);
        assertThat(Stats.roundRatios(java, c)).containsExactly(2.0, 2.0, 1.0);
        assertThat(Stats.pairedMedian(java, c)).isEqualTo(2.0);
        assertThat(Stats.median(java) / Stats.median(c)).isEqualTo(2.0);
        assertThat(Stats.ratioRange(java, c)).isEqualTo("1.00x to 2.00x");
        assertThatThrownBy(() -> Stats.roundRatios(List.of(1.0), c)).hasMessage("1 rounds against 3");
    }

    /** A run of 4N iterations at 10.5 usec after one of N at 12: the extra 3N took 10 each. */
    @Test
    void theSteadyStateIsTheLongerRunsExtraIterations() {
        assertThat(Stats.steady(List.of(12.0, 8.0), List.of(10.5, 8.0))).containsExactly(10.0, 8.0);
        assertThatThrownBy(() -> Stats.steady(List.of(1.0), List.of())).hasMessage("1 shorter runs against 0 longer");
    }
}
