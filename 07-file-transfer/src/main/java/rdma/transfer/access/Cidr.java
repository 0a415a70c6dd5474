package rdma.transfer.access;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * One address, or a block of them in CIDR notation: {@code 192.0.2.7}, {@code 192.0.2.0/24},
 * {@code 2001:db8::/32}. Only literal addresses: a name would be looked up in DNS, whose answer
 * an attacker may choose, and a receiver's allow list must not depend on it.
 */
public record Cidr(InetAddress address, int bits) {
    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");

    /** {@code 192.0.2.0/24}, or an address alone, a block of one. */
    public static Cidr parse(String text) {
        int slash = text.indexOf('/');
        InetAddress address = literal(slash < 0 ? text : text.substring(0, slash));
        int width = address.getAddress().length * 8;
        if (slash < 0) {
            return new Cidr(address, width);
        }
        String digits = text.substring(slash + 1);
        int bits = digits.matches("\\d{1,3}") ? Integer.parseInt(digits) : -1;
        if (bits < 0 || bits > width) {
            throw new IllegalArgumentException("'" + text + "': the bits after / must be a number from 0 to " + width);
        }
        return new Cidr(address, bits);
    }

    /** An address written as one, IPv4 or IPv6; never a name. */
    public static InetAddress literal(String text) {
        boolean ipv4 = IPV4.matcher(text).matches() && validOctets(text);
        if (!ipv4 && !IPV6.matcher(text).matches()) {
            throw new IllegalArgumentException("'" + text + "' is not an IPv4 or IPv6 address (names are not looked up: write the address)");
        }
        try {
            return InetAddress.getByName(text); // a literal: parsed, not looked up
        } catch (UnknownHostException notAnAddress) {
            throw new IllegalArgumentException("'" + text + "' is not an IPv4 or IPv6 address", notAnAddress);
        }
    }

    private static boolean validOctets(String text) {
        for (String octet : text.split("\\.")) {
            if (Integer.parseInt(octet) > 255) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code peer} is in this block: its first {@link #bits} bits are the block's. */
    public boolean contains(InetAddress peer) {
        byte[] block = address.getAddress();
        byte[] candidate = peer.getAddress();
        if (block.length != candidate.length) {
            return false; // an IPv4 peer is never in an IPv6 block (Java gives IPv4-mapped peers as IPv4)
        }
        for (int bit = 0; bit < bits; bit++) {
            int mask = 0x80 >>> (bit % 8);
            if ((block[bit / 8] & mask) != (candidate[bit / 8] & mask)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        String text = address.getHostAddress();
        return bits == address.getAddress().length * 8 ? text : text + "/" + bits;
    }

    /** {@code --allow}'s values. */
    public static final class Converter implements ITypeConverter<Cidr> {
        @Override
        public Cidr convert(String value) {
            try {
                return parse(value);
            } catch (IllegalArgumentException invalid) {
                throw new TypeConversionException(invalid.getMessage());
            }
        }
    }

    /** {@code --bind}'s value: one address. */
    public static final class AddressConverter implements ITypeConverter<InetAddress> {
        @Override
        public InetAddress convert(String value) {
            try {
                return literal(value);
            } catch (IllegalArgumentException invalid) {
                throw new TypeConversionException(invalid.getMessage());
            }
        }
    }
}
