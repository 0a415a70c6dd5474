package rdma.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A child that outlives its test's patience fails the test, says where the kernel holds it, and is gone after. */
class ChildTest {
    @Test
    void aChildThatDoesNotEndInTimeIsKilledAndSaysWhereItWaited() throws Exception {
        try (Child child = Child.start(List.of("sleep", "60"))) {
            assertThatThrownBy(() -> child.waitFor(1)).isInstanceOf(AssertionError.class)
                    .hasMessageContaining("did not end within 1 s")
                    .hasMessageContaining("State: S (sleeping)")
                    .hasMessageContaining(", waiting in ");

            assertThat(child.isAlive()).isFalse();
        }
    }
}
