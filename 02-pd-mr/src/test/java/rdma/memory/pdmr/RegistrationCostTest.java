package rdma.memory.pdmr;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class RegistrationCostTest {
    @Test
    void theTableShowsTimePerCallAndPerMiB() {
        List<String> table = RegistrationCost.table(List.of(
                new RegistrationCost.Row(4096, 50, 10.0),
                new RegistrationCost.Row(64L << 20, 0, 0)));
        assertThat(table).containsExactly(
                "      size   calls    usec/call     usec/MiB",
                "     4 KiB      50         10.0       2560.0",
                "    64 MiB  skipped: above the locked-memory limit");
    }
}
