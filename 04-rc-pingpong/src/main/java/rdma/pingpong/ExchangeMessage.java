package rdma.pingpong;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;
import rdma.devices.Gid;
import rdma.queues.Endpoint;
import rdma.queues.RemoteAddress;

/**
 * The out-of-band address message of rdma-core's pingpong examples: the text
 * {@code LID:QPN:PSN:GID} as {@code "%04x:%06x:%06x:%s"}, the GID as 32 hex digits of its raw
 * bytes, and the terminating NUL: 52 bytes, always ({@code sizeof "0000:000000:000000:0000...0"}).
 *
 * <p>Later chapters extend it: their messages start with the same 51 characters ({@link #text})
 * and append more {@code ":"}-separated hex fields before the NUL.
 */
public final class ExchangeMessage implements ExchangeFormat<RemoteAddress> {
    /** rc_pingpong's format. */
    public static final ExchangeMessage RC_PINGPONG = new ExchangeMessage();
    /** The message's size on the wire, NUL included. */
    public static final int SIZE = 52;
    /** What the client sends last: {@code sizeof "done"}, NUL included. */
    public static final int DONE_SIZE = 5;

    /** The length of the text without its NUL. */
    static final int TEXT_LENGTH = SIZE - 1;
    private static final Pattern ADDRESS = Pattern.compile("\\p{XDigit}{4}:\\p{XDigit}{6}:\\p{XDigit}{6}:\\p{XDigit}{32}");

    private ExchangeMessage() {
    }

    @Override
    public int size() {
        return SIZE;
    }

    @Override
    public byte[] format(RemoteAddress address) {
        return terminated(text(address));
    }

    @Override
    public RemoteAddress parse(byte[] message) {
        return parseText(unterminated(message, SIZE));
    }

    @Override
    public RemoteAddress local(Endpoint endpoint) {
        return endpoint.address();
    }

    @Override
    public RemoteAddress address(RemoteAddress message) {
        return message;
    }

    /** "address:  LID 0x0000, QPN 0x000011, PSN 0x8def0e, GID ::ffff:192.0.2.1", as rc_pingpong.c prints it. */
    @Override
    public List<Line> describe(RemoteAddress address) {
        return List.of(new Line("address", String.format("LID 0x%04x, QPN 0x%06x, PSN 0x%06x, GID %s", address.lid(),
                address.qpn(), address.psn(), Gid.text(address.gid()))));
    }

    /** The 51 characters of an address: "0000:000011:8def0e:00000000000000000000ffffc0000201". */
    public static String text(RemoteAddress address) {
        String text = String.format("%04x:%06x:%06x:%s", address.lid(), address.qpn(), address.psn(),
                HexFormat.of().formatHex(address.gid()));
        if (text.length() != TEXT_LENGTH) {
            throw new IllegalArgumentException("LID, QPN or PSN too large for the message: " + text);
        }
        return text;
    }

    /** Reads what {@link #text} writes, and nothing else. */
    public static RemoteAddress parseText(String text) {
        if (!ADDRESS.matcher(text).matches()) {
            throw new MalformedMessageException("expected LID:QPN:PSN:GID (4:6:6:32 hex digits) and a NUL, got \""
                    + printable(text.getBytes(StandardCharsets.ISO_8859_1)) + "\"");
        }
        return new RemoteAddress(Integer.parseInt(text.substring(0, 4), 16), Integer.parseInt(text.substring(5, 11), 16),
                Integer.parseInt(text.substring(12, 18), 16), HexFormat.of().parseHex(text.substring(19, 51)));
    }

    /** The text and its NUL, as the C tools send strings. */
    public static byte[] terminated(String text) {
        byte[] message = new byte[text.length() + 1];
        System.arraycopy(text.getBytes(StandardCharsets.US_ASCII), 0, message, 0, text.length());
        return message;
    }

    /** The text of a message of {@code size} bytes that must end in its only NUL. */
    public static String unterminated(byte[] message, int size) {
        if (message.length != size) {
            throw new MalformedMessageException("expected " + size + " bytes, got " + message.length);
        }
        if (message[size - 1] != 0) {
            throw new MalformedMessageException("expected a NUL at the end of " + size + " bytes, got \""
                    + printable(message) + "\"");
        }
        return new String(message, 0, size - 1, StandardCharsets.ISO_8859_1);
    }

    /** The message with every unprintable byte shown as \xNN, so that an error stays one line. */
    public static String printable(byte[] message) {
        StringBuilder text = new StringBuilder();
        for (byte b : message) {
            int c = b & 0xff;
            text.append(c >= 0x20 && c < 0x7f && c != '"' && c != '\\' ? String.valueOf((char) c) : String.format("\\x%02x", c));
        }
        return text.toString();
    }
}
