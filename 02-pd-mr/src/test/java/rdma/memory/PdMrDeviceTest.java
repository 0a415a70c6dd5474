package rdma.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import rdma.devices.DeviceContext;
import rdma.devices.DeviceList;
import rdma.memory.c.Access;
import rdma.support.CEnum;
import rdma.support.Errno;
import rdma.support.VerbsException;
import rdma.testsupport.RequiresDevice;
import rdma.testsupport.Resources;

/** Protection domains and memory regions on a real device: the library. */
@RequiresDevice
class PdMrDeviceTest {
    private static final int REMOTE = CEnum.bits(Access.IBV_ACCESS_LOCAL_WRITE, Access.IBV_ACCESS_REMOTE_WRITE,
            Access.IBV_ACCESS_REMOTE_READ);

    private interface WithPd {
        void run(ProtectionDomain pd);
    }

    private static void withPd(WithPd body) {
        try (DeviceList list = DeviceList.open();
             DeviceContext context = DeviceContext.open(list.first());
             ProtectionDomain pd = ProtectionDomain.allocate(context)) {
            body.run(pd);
        }
    }

    @Test
    void eachRegionHasItsOwnNonZeroKeys() {
        withPd(pd -> {
            try (MemoryRegion first = MemoryRegion.register(pd, 4096, REMOTE);
                 MemoryRegion second = MemoryRegion.register(pd, 4096, REMOTE)) {
                assertThat(first.lkey()).isNotZero().isNotEqualTo(second.lkey());
                assertThat(first.rkey()).isNotZero().isNotEqualTo(second.rkey());
                assertThat(second.lkey()).isNotZero();
                assertThat(second.rkey()).isNotZero();
            }
        });
    }

    @Test
    void buffersArePageAlignedAndUsable() {
        withPd(pd -> {
            try (MemoryRegion region = MemoryRegion.register(pd, 3 * 4096 + 100, Access.IBV_ACCESS_LOCAL_WRITE.value())) {
                assertThat(region.address() % AlignedMemory.pageSize()).isZero();
                assertThat(region.length()).isEqualTo(3 * 4096 + 100);
                region.buffer().setLong(3 * 4096 + 92, 0x0123456789abcdefL);
                assertThat(region.buffer().getLong(3 * 4096 + 92)).isEqualTo(0x0123456789abcdefL);
            }
        });
    }

    @Test
    void remoteWriteWithoutLocalWriteIsRefusedWithEinval() {
        withPd(pd -> assertThatThrownBy(() -> MemoryRegion.register(pd, 4096, Access.IBV_ACCESS_REMOTE_WRITE.value()))
                .isInstanceOfSatisfying(VerbsException.class, error -> {
                    assertThat(error.errno()).isEqualTo(Errno.EINVAL);
                    assertThat(error.getMessage()).contains("REMOTE_WRITE and REMOTE_ATOMIC need LOCAL_WRITE");
                }));
    }

    @Test
    void theBufferIsGoneOnceTheRegionIsClosed() {
        withPd(pd -> {
            MemoryRegion region = MemoryRegion.register(pd, 4096, Access.IBV_ACCESS_LOCAL_WRITE.value());
            region.close();
            assertThatThrownBy(region::buffer).isInstanceOf(IllegalStateException.class);
            assertThatThrownBy(region::pointer).isInstanceOf(IllegalStateException.class);
            region.close(); // closing twice is harmless
        });
    }

    @Test
    void aProtectionDomainWithARegionCannotBeDeallocated() {
        withPd(pd -> {
            try (MemoryRegion region = MemoryRegion.register(pd, 4096, Access.IBV_ACCESS_LOCAL_WRITE.value())) {
                assertThatThrownBy(pd::close)
                        .isInstanceOfSatisfying(VerbsException.class,
                                error -> assertThat(error.errno()).isEqualTo(Errno.EBUSY));
                assertThat(Resources.ofThisProcess().count("pd")).as("PDs the kernel lists for this process").isEqualTo(1);
                assertThat(region.lkey()).isNotZero();
            }
        });
    }

    /** What the wrappers make and release is what the kernel lists for this process, object by object. */
    @Test
    void theKernelListsEachObjectUntilItIsClosed() {
        Resources before = Resources.ofThisProcess();
        try (DeviceList list = DeviceList.open(); DeviceContext context = DeviceContext.open(list.first())) {
            assertThat(Resources.ofThisProcess().count("ctx")).isEqualTo(before.count("ctx") + 1);
            assertThat(Resources.ofThisProcess().count("uverbs fd")).isEqualTo(before.count("uverbs fd") + 1);
            try (ProtectionDomain pd = ProtectionDomain.allocate(context)) {
                MemoryRegion region = MemoryRegion.register(pd, 4096, Access.IBV_ACCESS_LOCAL_WRITE.value());
                assertThat(Resources.ofThisProcess().count("pd")).isEqualTo(before.count("pd") + 1);
                assertThat(Resources.ofThisProcess().count("mr")).isEqualTo(before.count("mr") + 1);
                region.close();
                assertThat(Resources.ofThisProcess().count("mr")).isEqualTo(before.count("mr"));
            }
            assertThat(Resources.ofThisProcess().count("pd")).isEqualTo(before.count("pd"));
        }
        assertThat(Resources.ofThisProcess()).isEqualTo(before);
    }

    @Test
    void aBufferLargerThanAvailableMemoryIsRefusedBeforeItIsAllocated() {
        long tooLarge = 2 * MemoryLimits.availableBytes().orElseThrow();
        withPd(pd -> assertThatThrownBy(() -> MemoryRegion.register(pd, tooLarge, Access.IBV_ACCESS_LOCAL_WRITE.value()))
                .isInstanceOf(VerbsException.class)
                .hasMessageStartingWith("registering " + tooLarge + " bytes: only ")
                .hasMessageContaining("(MemAvailable in /proc/meminfo)"));
    }
}
