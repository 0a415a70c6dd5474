package rdma.read;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import rdma.pingpong.ExchangeFormat;
import rdma.pingpong.ExchangeMessage;
import rdma.queues.Endpoint;
import rdma.queues.RemoteAddress;
import rdma.write.RdmaExchange;
import rdma.write.RdmaPeer;
import rdma.write.RemoteBuffer;

/**
 * The exchange message of chapter 06: chapter 05's 94 characters ({@code LID:QPN:PSN:GID},
 * then the granted buffer), then {@code ":%02x"}, the RDMA READs the sender's QP serves at once,
 * and the NUL: 98 bytes, always. max_dest_rd_atomic is a {@code uint8_t}, so two hex digits
 * hold it.
 */
public final class ReadExchange implements ExchangeFormat<ReadPeer> {
    /** The message's size on the wire, NUL included. */
    public static final int SIZE = RdmaExchange.SIZE + 3;

    private static final String FIELDS = "LID:QPN:PSN:GID:ADDR:RKEY:LENGTH:READS (4:6:6:32:16:8:16:2 hex digits)";
    private static final Pattern READS = Pattern.compile("(.*):(\\p{XDigit}{2})", Pattern.DOTALL);

    /** Chapter 05's format, which writes and reads the first 94 characters. */
    private final RdmaExchange rdma;

    /**
     * A format in which each side announces the buffer {@code grant} names, and the READs its
     * endpoint's spec serves ({@code EndpointSpec.rdAtomic}).
     */
    public ReadExchange(Function<Endpoint, RemoteBuffer> grant) {
        this.rdma = new RdmaExchange(grant);
    }

    @Override
    public int size() {
        return SIZE;
    }

    @Override
    public byte[] format(ReadPeer peer) {
        return ExchangeMessage.terminated(RdmaExchange.text(peer.rdma()) + String.format(":%02x", peer.readsServed()));
    }

    @Override
    public ReadPeer parse(byte[] message) {
        Matcher reads = READS.matcher(ExchangeMessage.unterminated(message, SIZE));
        Optional<RdmaPeer> rdmaPart = reads.matches() ? RdmaExchange.parseText(reads.group(1)) : Optional.empty();
        RdmaPeer peer = rdmaPart.orElseThrow(() -> new MalformedMessageException("expected " + FIELDS + " and a NUL, got \""
                + ExchangeMessage.printable(message) + "\""));
        return new ReadPeer(peer.address(), peer.buffer(), Integer.parseInt(reads.group(2), 16));
    }

    /** This side: its QP's address, the buffer it grants, and the READs it serves. */
    @Override
    public ReadPeer local(Endpoint endpoint) {
        RdmaPeer mine = rdma.local(endpoint);
        return new ReadPeer(mine.address(), mine.buffer(), endpoint.spec().rdAtomic());
    }

    @Override
    public RemoteAddress address(ReadPeer peer) {
        return peer.address();
    }

    @Override
    public OptionalInt readsServed(ReadPeer peer) {
        return OptionalInt.of(peer.readsServed());
    }

    @Override
    public List<Line> describe(ReadPeer peer) {
        List<Line> lines = new ArrayList<>(rdma.describe(peer.rdma()));
        lines.add(new Line("reads", "serves " + peer.readsServed() + " RDMA READs at once (max_dest_rd_atomic)"));
        return lines;
    }
}
