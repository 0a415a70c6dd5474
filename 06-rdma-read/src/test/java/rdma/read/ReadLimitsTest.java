package rdma.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import rdma.support.VerbsException;

/** -o/--outs against a device's limits, as ibv_query_device reports them. */
class ReadLimitsTest {
    @Test
    void theDefaultIsTheMostBothWaysAndFitsAByte() {
        assertThat(new ReadLimits("rxe0", 128, 128).outstanding(null)).isEqualTo(128);
        assertThat(new ReadLimits("mlx5_0", 16, 8).outstanding(null)).as("the fewer of serves and issues").isEqualTo(8);
        assertThat(new ReadLimits("big", 4096, 4096).outstanding(null)).as("max_rd_atomic is a uint8_t").isEqualTo(255);
    }

    @Test
    void aRequestWithinTheLimitsIsKept() {
        assertThat(new ReadLimits("rxe0", 128, 128).outstanding(4)).isEqualTo(4);
    }

    @Test
    void aRequestAboveTheLimitsNamesThem() {
        assertThatThrownBy(() -> new ReadLimits("rxe0", 128, 128).outstanding(200)).isInstanceOf(VerbsException.class)
                .hasMessage("-o/--outs 200: rxe0 serves at most 128 RDMA READs at once per QP (max_qp_rd_atom) and issues at"
                        + " most 128 (max_qp_init_rd_atom). Pass -o 128 or less");
    }
}
