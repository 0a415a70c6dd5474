package rdma.devices.c;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import rdma.support.CEnum;

/** The one style every C enum of the chapters follows. */
class CEnumTest {
    @Test
    void shortNamesDropThePrefixAllConstantsShare() {
        assertThat(Mtu.IBV_MTU_2048.shortName()).isEqualTo("2048");
        assertThat(PortState.IBV_PORT_ACTIVE.shortName()).isEqualTo("ACTIVE");
        assertThat(PortState.IBV_PORT_ACTIVE_DEFER.shortName()).isEqualTo("ACTIVE_DEFER");
        assertThat(QpType.IBV_QPT_RAW_PACKET.shortName()).isEqualTo("RAW_PACKET");
        assertThat(GidType.IBV_GID_TYPE_ROCE_V2.shortName()).isEqualTo("ROCE_V2");
    }

    @Test
    void valuesAreLookedUpNotIndexed() {
        assertThat(Mtu.of(3)).contains(Mtu.IBV_MTU_1024);
        assertThat(Mtu.of(0)).isEmpty();
        assertThat(Mtu.ofBytes(4096)).contains(Mtu.IBV_MTU_4096);
        assertThat(Mtu.ofBytes(1500)).isEmpty();
        assertThat(TransportType.of(-1)).contains(TransportType.IBV_TRANSPORT_UNKNOWN);
        assertThat(QpType.IBV_QPT_UD.isIn(1 << 4)).isTrue();
        assertThat(QpType.IBV_QPT_UD.isIn(1 << 2)).isFalse();
    }

    /** Flag enums use the same interface, with the bits as values. */
    enum TestFlag implements CEnum {
        TEST_FLAG_A(1), TEST_FLAG_B(1 << 1), TEST_FLAG_C(1 << 2);

        private final int value;

        TestFlag(int value) {
            this.value = value;
        }

        @Override
        public int value() {
            return value;
        }
    }

    @Test
    void flagSetsAreDescribedByShortNameThenUnknownBits() {
        assertThat(CEnum.flagsIn(TestFlag.class, 5)).containsExactly(TestFlag.TEST_FLAG_A, TestFlag.TEST_FLAG_C);
        assertThat(CEnum.describeFlags(TestFlag.class, 5 | (1 << 8))).isEqualTo("A|C|0x100");
        assertThat(CEnum.describeFlags(TestFlag.class, 0)).isEmpty();
    }
}
