package rdma.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import rdma.memory.c.Access;

class AccessTest {
    @Test
    void parsesCommaSeparatedOptionNames() {
        assertThat(Access.parse("local-write")).isEqualTo(1);
        assertThat(Access.parse("local-write,remote-write, remote-read")).isEqualTo(7);
        assertThat(Access.parse("remote-atomic,local-write")).isEqualTo(9);
        assertThat(Access.parse("none")).isZero();
    }

    @Test
    void anUnknownFlagNamesTheKnownOnes() {
        assertThatThrownBy(() -> Access.parse("local-write,remote-wirte"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown access flag 'remote-wirte' (flags: local-write, remote-write, remote-read, remote-atomic, or none)");
    }

    @Test
    void describesBitsWithTheCNames() {
        assertThat(Access.describe(7)).isEqualTo("LOCAL_WRITE|REMOTE_WRITE|REMOTE_READ");
        assertThat(Access.describe(2)).isEqualTo("REMOTE_WRITE");
        assertThat(Access.describe(0)).isEqualTo("0 (local read only)");
    }
}
