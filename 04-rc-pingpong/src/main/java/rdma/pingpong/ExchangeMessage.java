package rdma.pingpong;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.regex.Pattern;
import rdma.queues.RemoteAddress;

/**
 * The out-of-band address message of rdma-core's pingpong examples: the text
 * {@code LID:QPN:PSN:GID} as {@code "%04x:%06x:%06x:%s"}, the GID as 32 hex digits of its raw
 * bytes, and the terminating NUL: 52 bytes, always ({@code sizeof "0000:000000:000000:0000...0"}).
 */
public final class ExchangeMessage {
    /** The message's size on the wire, NUL included. */
    public static final int SIZE = 52;
    /** What the client sends last: {@code sizeof "done"}, NUL included. */
    public static final int DONE_SIZE = 5;

    private static final Pattern FORMAT = Pattern.compile("\\p{XDigit}{4}:\\p{XDigit}{6}:\\p{XDigit}{6}:\\p{XDigit}{32}");

    /** The peer's message was not in this format. */
    public static final class MalformedException extends IllegalArgumentException {
        MalformedException(String message) {
            super(message);
        }
    }

    private ExchangeMessage() {
    }

    public static byte[] format(RemoteAddress address) {
        String text = String.format("%04x:%06x:%06x:%s", address.lid(), address.qpn(), address.psn(),
                HexFormat.of().formatHex(address.gid()));
        if (text.length() != SIZE - 1) {
            throw new IllegalArgumentException("LID, QPN or PSN too large for the message: " + text);
        }
        byte[] message = new byte[SIZE];
        System.arraycopy(text.getBytes(StandardCharsets.US_ASCII), 0, message, 0, SIZE - 1);
        return message;
    }

    /** Parses exactly what {@link #format} writes; anything else is a {@link MalformedException}. */
    public static RemoteAddress parse(byte[] message) {
        if (message.length != SIZE) {
            throw new MalformedException("expected " + SIZE + " bytes, got " + message.length);
        }
        String text = new String(message, 0, SIZE - 1, StandardCharsets.ISO_8859_1);
        if (message[SIZE - 1] != 0 || !FORMAT.matcher(text).matches()) {
            throw new MalformedException("expected LID:QPN:PSN:GID (4:6:6:32 hex digits) and a NUL, got \""
                    + printable(message) + "\"");
        }
        return new RemoteAddress(Integer.parseInt(text.substring(0, 4), 16), Integer.parseInt(text.substring(5, 11), 16),
                Integer.parseInt(text.substring(12, 18), 16), HexFormat.of().parseHex(text.substring(19, 51)));
    }

    /** The message with every unprintable byte shown as \xNN, so that an error stays one line. */
    static String printable(byte[] message) {
        StringBuilder text = new StringBuilder();
        for (byte b : message) {
            int c = b & 0xff;
            text.append(c >= 0x20 && c < 0x7f && c != '"' && c != '\\' ? String.valueOf((char) c) : String.format("\\x%02x", c));
        }
        return text.toString();
    }
}
