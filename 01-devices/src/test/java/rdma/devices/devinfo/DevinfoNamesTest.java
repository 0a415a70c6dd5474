package rdma.devices.devinfo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The logic behind ibv_devinfo's words: unknown values and bits, which the device test cannot
 * reach because a real device reports only valid ones.
 */
class DevinfoNamesTest {
    @Test
    void namedBitsInTableOrderThenUnknownBitsInUpperCaseHex() {
        long flags = (1 << 12) | (1 << 2) | (1 << 29) | (1L << 30) | (1 << 16);
        assertThat(DevinfoNames.flagLines(DevinfoNames.DEVICE_CAP_FLAGS, flags, DevinfoNames.known(DevinfoNames.DEVICE_CAP_FLAGS)))
                .containsExactly("BAD_QKEY_CNTR", "RC_RNR_NAK_GEN", "MANAGED_FLOW_STEERING", "Unknown flags: 0x40010000");
    }

    @Test
    void odpTransportCapsSayNoSupportWhenEmpty() {
        assertThat(DevinfoNames.odpTransportCaps(0)).containsExactly("NO SUPPORT");
        assertThat(DevinfoNames.odpTransportCaps(1 | (1 << 5) | (1 << 9)))
                .containsExactly("SUPPORT_SEND", "SUPPORT_SRQ", "Unknown flags: 0x200");
    }

    @Test
    void supportedQpTypesAreBitsNumberedByQpType() {
        assertThat(DevinfoNames.supportedQpts((1 << 8) | (1 << 4))).containsExactly("SUPPORT_RAW_PACKET", "SUPPORT_UD");
        assertThat(DevinfoNames.supportedQpts(1 << 2)).containsExactly("Unknown flags: 0x4");
    }

    @Test
    void valuesOutsideTheEnumsHaveTheirOwnWords() {
        assertThat(DevinfoNames.mtu(0)).isEqualTo("invalid MTU");
        assertThat(DevinfoNames.mtu(3)).isEqualTo("1024");
        assertThat(DevinfoNames.portState(0)).isEqualTo("invalid state");
        assertThat(DevinfoNames.portState(4)).isEqualTo("PORT_ACTIVE");
        assertThat(DevinfoNames.linkLayer(7)).isEqualTo("Unknown");
        assertThat(DevinfoNames.transport(-1)).isEqualTo("invalid transport");
        assertThat(DevinfoNames.atomicCap(3)).isEqualTo("invalid atomic capability");
        assertThat(DevinfoNames.atomicCap(1)).isEqualTo("ATOMIC_HCA");
    }
}
