package rdma.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import rdma.devices.VerbsException;

/** The errors of this chapter name the cause and the fix, in one line. */
class HintsTest {
    @Test
    void remoteWriteWithoutLocalWriteExplainsTheRule() {
        VerbsException error = VerbsException.ofErrno("ibv_reg_mr(4096 bytes, REMOTE_WRITE)", MemoryRegion.EINVAL,
                MemoryRegion.hintForRegistrationFailure(MemoryRegion.EINVAL, Access.REMOTE_WRITE.bit()));
        assertThat(error.getMessage()).isEqualTo("ibv_reg_mr(4096 bytes, REMOTE_WRITE) failed: Invalid argument"
                + " (errno 22). REMOTE_WRITE and REMOTE_ATOMIC need LOCAL_WRITE: what a peer writes, this device"
                + " writes into local memory; add local-write");
    }

    @Test
    void einvalWithLocalWriteIsNotBlamedOnTheRule() {
        assertThat(MemoryRegion.hintForRegistrationFailure(MemoryRegion.EINVAL, 3)).doesNotContain("need LOCAL_WRITE");
    }

    @Test
    void enomemPointsAtTheLockedMemoryLimit() {
        VerbsException error = VerbsException.ofErrno("ibv_reg_mr(67108864 bytes, LOCAL_WRITE)", MemoryRegion.ENOMEM,
                MemoryRegion.hintForRegistrationFailure(MemoryRegion.ENOMEM, 1));
        assertThat(error.getMessage())
                .startsWith("ibv_reg_mr(67108864 bytes, LOCAL_WRITE) failed: Cannot allocate memory (errno 12).")
                .contains("ulimit -l", "memlock unlimited")
                .doesNotContain("\n");
    }

    @Test
    void readsTheLockedMemoryLimit() {
        String limits = "Limit                     Soft Limit           Hard Limit           Units\n"
                + "Max open files            1024                 524288               files\n"
                + "Max locked memory         8388608              8388608              bytes\n";
        assertThat(MemlockLimit.parseLimits(limits)).isEqualTo(OptionalLong.of(8388608));
        assertThat(MemlockLimit.parseLimits("Max locked memory         unlimited            unlimited            bytes\n"))
                .isEmpty();
        assertThat(MemlockLimit.describe(OptionalLong.of(8388608))).isEqualTo("8192 KiB (ulimit -l)");
    }

    @Test
    void capIpcLockLiftsTheLimit() {
        assertThat(MemlockLimit.hasIpcLock("Name:\tjava\nCapEff:\t000001ffffffffff\n")).isTrue();
        assertThat(MemlockLimit.hasIpcLock("Name:\tjava\nCapEff:\t0000000000000000\n")).isFalse();
        assertThat(MemlockLimit.hasIpcLock("CapEff:\t0000000000004000\n")).isTrue();
    }
}
