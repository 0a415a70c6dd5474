package rdma.devices;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** GUIDs arrive in network byte order and print as ibv_devices and ibv_devinfo print them. */
class GuidTest {
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
}
