package rdma.transfer.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import org.junit.jupiter.api.Test;

class CidrTest {
    private static InetAddress address(String literal) {
        return Cidr.literal(literal);
    }

    @Test
    void anAddressAloneIsABlockOfOne() {
        Cidr one = Cidr.parse("192.0.2.7");
        assertThat(one.bits()).isEqualTo(32);
        assertThat(one.contains(address("192.0.2.7"))).isTrue();
        assertThat(one.contains(address("192.0.2.8"))).isFalse();
        assertThat(one).hasToString("192.0.2.7");
    }

    @Test
    void aBlockHoldsTheAddressesThatShareItsFirstBits() {
        Cidr block = Cidr.parse("192.0.2.0/24");
        assertThat(block.contains(address("192.0.2.0"))).isTrue();
        assertThat(block.contains(address("192.0.2.255"))).isTrue();
        assertThat(block.contains(address("192.0.3.1"))).isFalse();
        assertThat(block).hasToString("192.0.2.0/24");
        Cidr odd = Cidr.parse("10.0.0.0/9");
        assertThat(odd.contains(address("10.127.255.255"))).isTrue();
        assertThat(odd.contains(address("10.128.0.0"))).isFalse();
        assertThat(Cidr.parse("0.0.0.0/0").contains(address("203.0.113.9"))).isTrue();
    }

    @Test
    void ipv6BlocksHoldOnlyIpv6Peers() {
        Cidr block = Cidr.parse("2001:db8::/32");
        assertThat(block.contains(address("2001:db8:1::5"))).isTrue();
        assertThat(block.contains(address("2001:db9::5"))).isFalse();
        assertThat(Cidr.parse("::/0").contains(address("192.0.2.7"))).isFalse();
        // Java gives an IPv4-mapped address as the IPv4 address it maps, in a list and from a socket alike
        assertThat(Cidr.parse("::ffff:192.0.2.7").contains(address("192.0.2.7"))).isTrue();
    }

    @Test
    void namesAndMalformedBlocksAreRefusedWithTheReason() {
        assertThatThrownBy(() -> Cidr.parse("receiver.example")).hasMessageContaining("names are not looked up");
        assertThatThrownBy(() -> Cidr.parse("localhost")).hasMessageContaining("names are not looked up");
        assertThatThrownBy(() -> Cidr.parse("192.0.2.256")).hasMessageContaining("not an IPv4 or IPv6 address");
        assertThatThrownBy(() -> Cidr.parse("192.0.2.0/33")).hasMessageContaining("from 0 to 32");
        assertThatThrownBy(() -> Cidr.parse("192.0.2.0/")).hasMessageContaining("from 0 to 32");
        assertThatThrownBy(() -> Cidr.parse("2001:db8::/129")).hasMessageContaining("from 0 to 128");
        assertThatThrownBy(() -> Cidr.parse("2001:db8:::1")).hasMessageContaining("not an IPv4 or IPv6 address");
        assertThatThrownBy(() -> Cidr.parse("")).hasMessageContaining("not an IPv4 or IPv6 address");
    }
}
