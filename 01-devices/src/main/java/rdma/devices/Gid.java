package rdma.devices;

/** Text forms of a GID's 16 raw bytes, as rdma-core's tools print them. */
public final class Gid {
    private Gid() {
    }

    /** ibv_devinfo skips entries whose lower 8 bytes (the interface id) are all zero. */
    public static boolean isNull(byte[] raw) {
        for (int i = 8; i < 16; i++) {
            if (raw[i] != 0) {
                return false;
            }
        }
        return true;
    }

    /** A RoCE v2 GID for an IPv4 address: ::ffff:a.b.c.d. */
    public static boolean isIpv4Mapped(byte[] raw) {
        for (int i = 0; i < 10; i++) {
            if (raw[i] != 0) {
                return false;
            }
        }
        return raw[10] == (byte) 0xff && raw[11] == (byte) 0xff;
    }

    /** Eight groups of four hex digits, as ibv_devinfo prints InfiniBand and RoCE v1 GIDs. */
    public static String hex(byte[] raw) {
        StringBuilder text = new StringBuilder(39);
        for (int i = 0; i < 16; i += 2) {
            if (i > 0) {
                text.append(':');
            }
            text.append(String.format("%02x%02x", raw[i], raw[i + 1]));
        }
        return text.toString();
    }

    /**
     * The IPv6 text form that C's {@code inet_ntop(AF_INET6, ...)} gives, which is what
     * ibv_devinfo and ibv_rc_pingpong print for RoCE v2 GIDs: groups in lower-case hex without
     * leading zeros, the longest run of two or more zero groups (the first, on a tie) shortened
     * to "::", and IPv4-mapped or IPv4-compatible addresses ending in dotted decimal.
     * (Java's {@code Inet6Address} prints neither "::" nor ::ffff:a.b.c.d this way.)
     */
    public static String text(byte[] raw) {
        int[] words = new int[8];
        for (int i = 0; i < 8; i++) {
            words[i] = (Byte.toUnsignedInt(raw[2 * i]) << 8) | Byte.toUnsignedInt(raw[2 * i + 1]);
        }
        int bestStart = -1;
        int bestLength = 0;
        for (int i = 0; i < 8; ) {
            if (words[i] != 0) {
                i++;
                continue;
            }
            int start = i;
            while (i < 8 && words[i] == 0) {
                i++;
            }
            if (i - start > bestLength) {
                bestStart = start;
                bestLength = i - start;
            }
        }
        if (bestLength < 2) {
            bestStart = -1;
        }
        boolean embedsIpv4 = bestStart == 0 && (bestLength == 6 || (bestLength == 5 && words[5] == 0xffff));

        StringBuilder text = new StringBuilder(45);
        for (int i = 0; i < 8; i++) {
            if (bestStart >= 0 && i >= bestStart && i < bestStart + bestLength) {
                if (i == bestStart) {
                    text.append(':');
                }
                continue;
            }
            if (i > 0) {
                text.append(':');
            }
            if (i == 6 && embedsIpv4) {
                text.append(Byte.toUnsignedInt(raw[12])).append('.').append(Byte.toUnsignedInt(raw[13]))
                        .append('.').append(Byte.toUnsignedInt(raw[14])).append('.').append(Byte.toUnsignedInt(raw[15]));
                break;
            }
            text.append(Integer.toHexString(words[i]));
        }
        if (bestStart >= 0 && bestStart + bestLength == 8) {
            text.append(':');
        }
        return text.toString();
    }
}
