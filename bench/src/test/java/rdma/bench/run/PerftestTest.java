package rdma.bench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** perftest's reports read as the benchmarks read them, and runs tried again where the lab spoiled them. */
class PerftestTest {
    private static final String LATENCY = """
             Max inline data : 220[B]
            ---------------------------------------------------------------------------------------
             #bytes #iterations    t_min[usec]    t_max[usec]  t_typical[usec]    t_avg[usec]    t_stdev[usec]   99% percentile[usec]   99.9% percentile[usec]
             64      1000          5.93           44.55        6.44                6.89             1.76            12.80                   44.55
            ---------------------------------------------------------------------------------------
            """;
    private static final String BANDWIDTH = """
             #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]
             65536      5000             1234.56            1230.00              0.019680
            """;

    @Test
    void aValueIsTheColumnOfTheFirstRowAfterItsHeading() {
        assertThat(Perftest.tableValue(LATENCY, "t_typical", 5)).contains("6.44");
        assertThat(Perftest.tableValue(LATENCY, "t_typical", 6)).contains("6.89");
        assertThat(Perftest.tableValue(BANDWIDTH, "BW average", 4)).contains("1230.00");
        assertThat(Perftest.tableValue(BANDWIDTH, "BW average", 5)).contains("0.019680");
    }

    @Test
    void infinityAndAMissingTableAreNoValue() {
        assertThat(Perftest.tableValue(" #bytes t_typical\n 64 1000 inf inf inf\n", "t_typical", 5)).isEmpty();
        assertThat(Perftest.tableValue("Couldn't connect to 127.0.0.1:18801\n", "t_typical", 5)).isEmpty();
    }

    @Test
    void aFailedRunShowsBothSides() {
        Pair.Outcome failed = new Pair.Outcome(false, "client: refused\n", "server: waiting\n");

        assertThatThrownBy(() -> Perftest.value(failed, "t_typical", 5, "write lat 64 round 1: C"))
                .hasMessageContaining("write lat 64 round 1: C failed").hasMessageContaining("client: refused")
                .hasMessageContaining("server: waiting");
    }

    @Test
    void theInlineSizeIsWhatTheReportSays() {
        assertThat(Perftest.inlineOf(LATENCY)).isEqualTo(220);
        assertThat(Perftest.inlineOf(BANDWIDTH)).isZero();
    }

    @Test
    void aFailedClockEstimateIsRunAgainThreeTimesAtMost() {
        String spoiled = "Correlation coefficient r^2: 0.12 < 0.9\n";
        List<String> outputs = new ArrayList<>(List.of(spoiled, LATENCY));
        assertThat(Perftest.retried(() -> new Pair.Outcome(true, outputs.remove(0), "")).client()).isEqualTo(LATENCY);

        List<String> attempts = new ArrayList<>();
        assertThatThrownBy(() -> Perftest.retried(() -> {
            attempts.add(spoiled);
            return new Pair.Outcome(true, spoiled, "");
        })).hasMessageContaining("clock rate").hasMessageContaining("3 times");
        assertThat(attempts).hasSize(3);
    }
}
