package rdma.write;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import rdma.pingpong.ExchangeFormat;
import rdma.pingpong.ExchangeMessage;
import rdma.queues.Endpoint;
import rdma.queues.RemoteAddress;

/**
 * The exchange message of the one-sided chapters: rc_pingpong's 51 characters
 * ({@code LID:QPN:PSN:GID}), then the buffer the side grants as {@code ":%016x:%08x:%016x"}
 * (address, rkey, length), and the terminating NUL: 95 bytes, always.
 */
public final class RdmaExchange implements ExchangeFormat<RdmaPeer> {
    /** The message's size on the wire, NUL included. */
    public static final int SIZE = ExchangeMessage.SIZE + 1 + 16 + 1 + 8 + 1 + 16;

    private static final String FIELDS = "LID:QPN:PSN:GID:ADDR:RKEY:LENGTH (4:6:6:32:16:8:16 hex digits)";

    private static final Pattern BUFFER = Pattern.compile(":(\\p{XDigit}{16}):(\\p{XDigit}{8}):(\\p{XDigit}{16})");

    private final Function<Endpoint, RemoteBuffer> grant;

    /** A format in which each side announces the part of its buffer that {@code grant} names. */
    public RdmaExchange(Function<Endpoint, RemoteBuffer> grant) {
        this.grant = grant;
    }

    @Override
    public int size() {
        return SIZE;
    }

    @Override
    public byte[] format(RdmaPeer peer) {
        return ExchangeMessage.terminated(text(peer));
    }

    @Override
    public RdmaPeer parse(byte[] message) {
        return parseText(ExchangeMessage.unterminated(message, SIZE)).orElseThrow(() -> new MalformedMessageException(
                "expected " + FIELDS + " and a NUL, got \"" + ExchangeMessage.printable(message) + "\""));
    }

    /** The 94 characters of the message, without its NUL: an extended message appends to them. */
    public static String text(RdmaPeer peer) {
        RemoteBuffer buffer = peer.buffer();
        return ExchangeMessage.text(peer.address())
                + String.format(":%016x:%08x:%016x", buffer.address(), buffer.rkey(), buffer.length());
    }

    /** Reads what {@link #text} writes; empty for anything else. */
    public static Optional<RdmaPeer> parseText(String text) {
        int addressLength = ExchangeMessage.SIZE - 1;
        Matcher buffer = BUFFER.matcher(text.length() < addressLength ? "" : text.substring(addressLength));
        if (!buffer.matches()) {
            return Optional.empty();
        }
        RemoteAddress address;
        try {
            address = ExchangeMessage.parseText(text.substring(0, addressLength));
        } catch (MalformedMessageException badAddress) {
            return Optional.empty();
        }
        return Optional.of(new RdmaPeer(address, new RemoteBuffer(Long.parseUnsignedLong(buffer.group(1), 16),
                Integer.parseUnsignedInt(buffer.group(2), 16), Long.parseUnsignedLong(buffer.group(3), 16))));
    }

    /** This side: its QP's address and the buffer it grants. */
    @Override
    public RdmaPeer local(Endpoint endpoint) {
        return new RdmaPeer(endpoint.address(), grant.apply(endpoint));
    }

    @Override
    public RemoteAddress address(RdmaPeer peer) {
        return peer.address();
    }

    @Override
    public List<Line> describe(RdmaPeer peer) {
        return List.of(ExchangeMessage.RC_PINGPONG.describe(peer.address()).get(0), new Line("buffer", peer.buffer().describe()));
    }
}
