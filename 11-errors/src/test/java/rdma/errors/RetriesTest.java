package rdma.errors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** How long a lost packet is retried, from the QP's attributes. */
class RetriesTest {
    @Test
    void theBudgetIsATimeoutForTheFirstTryAndForEachRetry() {
        // 4.096 us x 2^12 = 16.777 ms, four times
        assertThat(new ErrorsAndRecovery.Retries(12, 3, 7).budgetMillis()).isCloseTo(67.109, within(0.001));
        // chapter 03's: 4.096 us x 2^14 = 67.1 ms, eight times
        assertThat(ErrorsAndRecovery.Retries.PATIENT.budgetMillis()).isCloseTo(536.871, within(0.001));
    }
}
