package rdma.devices;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** GUIDs and the names ibv_devinfo prints, checked against its own spellings. */
class FormatsTest {
    @Test
    void guidsAreConvertedFromNetworkByteOrder() {
        // The bytes a8 4d 46 ff fe 0a 89 4b, as a little-endian CPU reads them into a long.
        long asReadOnLittleEndian = 0x4b890afeff464da8L;
        assertThat(Guid.plain(Guid.fromBigEndian(asReadOnLittleEndian))).isEqualTo("a84d46fffe0a894b");
        assertThat(Guid.grouped(Guid.fromBigEndian(asReadOnLittleEndian))).isEqualTo("a84d:46ff:fe0a:894b");
    }

    @Test
    void guidsWithTheTopBitSetPrintUnsigned() {
        assertThat(Guid.plain(0xf4bdf6fffefa9baaL)).isEqualTo("f4bdf6fffefa9baa");
        assertThat(Guid.grouped(0x0000000000000001L)).isEqualTo("0000:0000:0000:0001");
    }

    @Test
    void mtuEnumValuesAreNotByteCounts() {
        assertThat(DevinfoNames.mtu(1)).isEqualTo("256");
        assertThat(DevinfoNames.mtu(3)).isEqualTo("1024");
        assertThat(DevinfoNames.mtu(5)).isEqualTo("4096");
        assertThat(DevinfoNames.mtu(0)).isEqualTo("invalid MTU");
    }

    @Test
    void portStatesAndLinkLayers() {
        assertThat(DevinfoNames.portState(4)).isEqualTo("PORT_ACTIVE");
        assertThat(DevinfoNames.portState(1)).isEqualTo("PORT_DOWN");
        assertThat(DevinfoNames.portState(9)).isEqualTo("invalid state");
        assertThat(DevinfoNames.linkLayer(1)).isEqualTo("InfiniBand");
        assertThat(DevinfoNames.linkLayer(2)).isEqualTo("Ethernet");
        assertThat(DevinfoNames.transport(0)).isEqualTo("InfiniBand");
        assertThat(DevinfoNames.transport(1)).isEqualTo("iWARP");
    }

    @Test
    void widthsSpeedsAndLanes() {
        assertThat(DevinfoNames.width(2)).isEqualTo("4");
        assertThat(DevinfoNames.width(16)).isEqualTo("2");
        assertThat(DevinfoNames.speed(8)).isEqualTo("10.0 Gbps");
        assertThat(DevinfoNames.speed(4)).isEqualTo("10.0 Gbps");
        assertThat(DevinfoNames.virtualLanes(5)).isEqualTo("15");
        assertThat(DevinfoNames.physState(5)).isEqualTo("LINK_UP");
        assertThat(DevinfoNames.atomicCap(1)).isEqualTo("ATOMIC_HCA");
    }

    @Test
    void deviceCapFlagsAreNamedInOrderThenTheUnknownBits() {
        int flags = (1 << 12) | (1 << 2) | (1 << 29) | (1 << 30) | (1 << 16);
        assertThat(DevinfoNames.deviceCapFlags(flags))
                .containsExactly("BAD_QKEY_CNTR", "RC_RNR_NAK_GEN", "MANAGED_FLOW_STEERING", "Unknown flags: 0x40010000");
    }
}
