package rdma.read;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import rdma.pingpong.Connection;
import rdma.pingpong.ExchangeFormat;
import rdma.pingpong.ExchangeMessage;
import rdma.queues.Endpoint;
import rdma.queues.QpTransitions;
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
    /** The -o/--outs the user gave, or null for the most the device allows. */
    private final Integer requested;

    /**
     * A format in which each side announces the buffer {@code grant} names, and the RDMA READs
     * its QP serves at once: {@code requested}, or the most its device allows when null
     * ({@link ReadLimits#outstanding}).
     */
    public ReadExchange(Function<Endpoint, RemoteBuffer> grant, Integer requested) {
        this.rdma = new RdmaExchange(grant);
        this.requested = requested;
    }

    /** The RDMA READs {@code endpoint}'s QP serves at once, and issues at most: its max_dest_rd_atomic. */
    public int outstanding(Endpoint endpoint) {
        return ReadLimits.of(endpoint.context()).outstanding(requested);
    }

    /** The READs this side issues at once towards {@code peer}: no more than the peer serves, nor than its own number. */
    public int readsToIssue(Endpoint endpoint, ReadPeer peer) {
        return Math.min(outstanding(endpoint), peer.readsServed());
    }

    /**
     * RTR and RTS as chapter 04 makes them, with the two attributes of RDMA READ changed before
     * each step is taken: at RTR, max_dest_rd_atomic, the READs this QP serves at once (the
     * responder keeps state for each); at RTS, max_rd_atomic, the READs it issues at once, which
     * must not exceed what the peer's QP serves. The requester holds back any READ beyond it
     * until an earlier one completes.
     */
    public Connection.Connector<ReadPeer> connector() {
        return (endpoint, peer, pathMtu, sl) -> {
            QpTransitions.Transition rtr = endpoint.rtr(peer.address(), pathMtu, sl);
            rtr.attr().max_dest_rd_atomic = (byte) outstanding(endpoint);
            endpoint.modify(rtr);
            QpTransitions.Transition rts = endpoint.rts(QpTransitions.RNR_RETRY_FOREVER);
            rts.attr().max_rd_atomic = (byte) readsToIssue(endpoint, peer);
            endpoint.modify(rts);
        };
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
        return new ReadPeer(mine.address(), mine.buffer(), outstanding(endpoint));
    }

    @Override
    public RemoteAddress address(ReadPeer peer) {
        return peer.address();
    }

    @Override
    public List<Line> describe(ReadPeer peer) {
        List<Line> lines = new ArrayList<>(rdma.describe(peer.rdma()));
        lines.add(new Line("reads", "serves " + peer.readsServed() + " RDMA READs at once (max_dest_rd_atomic)"));
        return lines;
    }
}
