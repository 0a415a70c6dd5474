package rdma.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import rdma.memory.c.Access;
import rdma.support.Errno;
import rdma.support.VerbsException;

/** The errors of this chapter name the cause and the fix, in one line. */
class HintsTest {
    @Test
    void remoteWriteWithoutLocalWriteExplainsTheRule() {
        VerbsException error = VerbsException.ofErrno("ibv_reg_mr(4096 bytes, REMOTE_WRITE)", Errno.EINVAL,
                MemoryRegion.hintForRegistrationFailure(Errno.EINVAL, Access.IBV_ACCESS_REMOTE_WRITE.value()));
        assertThat(error.getMessage()).isEqualTo("ibv_reg_mr(4096 bytes, REMOTE_WRITE) failed: Invalid argument"
                + " (errno 22). REMOTE_WRITE and REMOTE_ATOMIC need LOCAL_WRITE: what a peer writes, this device"
                + " writes into local memory; add local-write");
    }

    @Test
    void einvalWithLocalWriteIsNotBlamedOnTheRule() {
        assertThat(MemoryRegion.hintForRegistrationFailure(Errno.EINVAL, 3)).doesNotContain("need LOCAL_WRITE");
    }

    @Test
    void enomemPointsAtTheLockedMemoryLimit() {
        VerbsException error = VerbsException.ofErrno("ibv_reg_mr(67108864 bytes, LOCAL_WRITE)", Errno.ENOMEM,
                MemoryRegion.hintForRegistrationFailure(Errno.ENOMEM, 1));
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
        assertThat(MemoryLimits.parseLimits(limits)).isEqualTo(OptionalLong.of(8388608));
        assertThat(MemoryLimits.parseLimits("Max locked memory         unlimited            unlimited            bytes\n"))
                .isEmpty();
        assertThat(MemoryLimits.describe(OptionalLong.of(8388608))).isEqualTo("8192 KiB (ulimit -l)");
    }

    @Test
    void readsKibFieldsOfProcFiles() {
        String meminfo = "MemTotal:        4005884 kB\nMemFree:         3605980 kB\nMemAvailable:    3613312 kB\n";
        assertThat(MemoryLimits.parseKib(meminfo, "MemAvailable:")).isEqualTo(OptionalLong.of(3613312));
        assertThat(MemoryLimits.parseKib("VmPin:\t       0 kB\n", "VmPin:")).isEqualTo(OptionalLong.of(0));
        assertThat(MemoryLimits.parseKib(meminfo, "VmPin:")).isEmpty();
    }

    @Test
    void capIpcLockLiftsTheLimit() {
        assertThat(MemoryLimits.hasIpcLock("Name:\tjava\nCapEff:\t000001ffffffffff\n")).isTrue();
        assertThat(MemoryLimits.hasIpcLock("Name:\tjava\nCapEff:\t0000000000000000\n")).isFalse();
        assertThat(MemoryLimits.hasIpcLock("CapEff:\t0000000000004000\n")).isTrue();
    }

    @Test
    void aSizeAboveTheDevicesMaximumIsRefusedBeforeAnythingIsAllocated() {
        assertThatThrownBy(() -> MemoryLimits.requireRegistrable(1L << 33, 1L << 32))
                .isInstanceOf(VerbsException.class)
                .hasMessage("registering 8589934592 bytes: the device registers at most 4294967296 bytes in one region"
                        + " (max_mr_size). Use a smaller size, or several regions");
    }

    @Test
    void aSizeAboveAvailableMemoryIsRefusedNamingMemAvailable() {
        long available = MemoryLimits.availableBytes().orElseThrow();
        assertThatThrownBy(() -> MemoryLimits.requireRegistrable(available + (1L << 30), -1L))
                .isInstanceOf(VerbsException.class)
                .hasMessageContaining("MiB of memory are available (MemAvailable in /proc/meminfo). Use a smaller size");
    }
}
