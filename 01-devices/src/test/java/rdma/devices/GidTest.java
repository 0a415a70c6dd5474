package rdma.devices;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GidTest {
    private static byte[] raw(String hex) {
        return HexFormat.of().parseHex(hex);
    }

    /** Expected values are what glibc's inet_ntop prints for the same 16 bytes. */
    @ParameterizedTest
    @CsvSource({
            "00000000000000000000ffffc0000201, ::ffff:192.0.2.1",
            "fe80000000000000d87e03fffe0c835e, fe80::d87e:3ff:fe0c:835e",
            "00000000000000000000000000000000, ::",
            "00000000000000000000000000000001, ::1",
            "00010000000000000000000000000000, 1::",
            "20010db8000000000001000000000001, 2001:db8::1:0:0:1",
            "20010db8000000010000000000000001, 2001:db8:0:1::1",
            "000000000000000000000000c0000201, ::192.0.2.1",
            "00000000000000000000fffec0000201, ::fffe:c000:201",
            "20010db8000100000000000100000000, 2001:db8:1::1:0:0",
            "fe800000000000000000000000000000, fe80::",
    })
    void textIsWhatInetNtopPrints(String hex, String expected) {
        assertThat(Gid.text(raw(hex))).isEqualTo(expected);
    }

    @Test
    void hexIsEightGroupsOfFourDigits() {
        assertThat(Gid.hex(raw("fe80000000000000d87e03fffe0c835e")))
                .isEqualTo("fe80:0000:0000:0000:d87e:03ff:fe0c:835e");
    }

    @Test
    void aGidIsNullWhenItsInterfaceIdIsZero() {
        assertThat(Gid.isNull(raw("fe800000000000000000000000000000"))).isTrue();
        assertThat(Gid.isNull(raw("00000000000000000000ffffc0000201"))).isFalse();
    }

    @Test
    void recognisesIpv4MappedGids() {
        assertThat(Gid.isIpv4Mapped(raw("00000000000000000000ffffc0000201"))).isTrue();
        assertThat(Gid.isIpv4Mapped(raw("fe80000000000000d87e03fffe0c835e"))).isFalse();
        assertThat(Gid.isIpv4Mapped(raw("000000000000000000000000c0000201"))).isFalse();
    }
}
