package rdma.bench.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import rdma.bench.run.Rping.Stamped;

/** The connection and ping times, from a client's lines stamped as they came. */
class RpingTest {
    @Test
    void theConnectionIsTimedFromTheStartAndFromTheCmIdsCreation() {
        List<Stamped> lines = List.of(new Stamped(3_000_000, "created cm_id 0x55d0"), new Stamped(9_500_000, "cma_event type RDMA_CM_EVENT_ESTABLISHED"),
                new Stamped(12_000_000, "ping data: rdma-ping-0: ABCDEF"));

        assertThat(Rping.measure(lines, 1_000_000, "-d")).contains("8.5 6.5");
    }

    @Test
    void javasCmIdLineCountsToo() {
        List<Stamped> lines = List.of(new Stamped(2_000_000, "rdma_create_id: port space TCP"), new Stamped(4_000_000, "ESTABLISHED"));

        assertThat(Rping.measure(lines, 0, "-d")).contains("4.0 2.0");
    }

    @Test
    void aPingTakesTheSpanFromTheFirstPingToTheLastOverTheGapsBetween() {
        List<Stamped> lines = List.of(new Stamped(1_000, "connected"), new Stamped(10_000, "ping data: rdma-ping-0: ABC"),
                new Stamped(40_000, "ping data: rdma-ping-1: BCD"), new Stamped(70_000, "ping data: rdma-ping-2: CDE"));

        assertThat(Rping.measure(lines, 0, "-v")).contains("30.0");
    }

    @Test
    void aRunWithoutWhatItTimesGivesNothing() {
        assertThat(Rping.measure(List.of(new Stamped(1, "created cm_id")), 0, "-d")).isEmpty();
        assertThat(Rping.measure(List.of(new Stamped(1, "ping data: rdma-ping-0: A")), 0, "-v")).isEmpty();
    }

    @Test
    void aStampedLineIsItsTimeThenTheLine() {
        assertThat(Rping.stamped("1796597570123456789 ping data: rdma-ping-7: HIJ")).isEqualTo(new Stamped(1796597570123456789L,
                "ping data: rdma-ping-7: HIJ"));
        assertThat(Rping.stamped("1796597570123456789 ").line()).isEmpty();
    }
}
