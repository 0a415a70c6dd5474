package rdma.atomics;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import rdma.devices.c.ibv_device_attr;
import rdma.support.VerbsException;

/**
 * A device without atomics (soft-RoCE has them, so no lab device shows this): what
 * {@code ibv_query_device} would say of it is refused in one line that names the field and the fix.
 */
class AtomicCapTest {
    private static ibv_device_attr withAtomicCap(int atomicCap) {
        ibv_device_attr attr = new ibv_device_attr();
        attr.atomic_cap = atomicCap;
        return attr;
    }

    @Test
    void aDeviceWithoutAtomicsIsRefusedByName() {
        assertThatThrownBy(() -> AtomicPerf.requireAtomics("mlx4_0", withAtomicCap(0))).isInstanceOf(VerbsException.class)
                .hasMessage("ibv_query_device(mlx4_0): its atomic_cap is IBV_ATOMIC_NONE: it executes no atomic operation."
                        + " Run on a device whose ibv_devinfo -v shows atomic_cap ATOMIC_HCA or ATOMIC_GLOB");
    }

    @Test
    void hcaAndGlobAreEnough() {
        assertThatCode(() -> AtomicPerf.requireAtomics("rxe0", withAtomicCap(1))).doesNotThrowAnyException();
        assertThatCode(() -> AtomicPerf.requireAtomics("mlx5_0", withAtomicCap(2))).doesNotThrowAnyException();
    }
}
