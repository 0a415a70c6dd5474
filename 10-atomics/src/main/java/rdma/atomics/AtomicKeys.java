package rdma.atomics;

import java.util.ArrayList;
import java.util.List;
import rdma.pingpong.ExchangeFormat;
import rdma.queues.Endpoint;
import rdma.queues.RemoteAddress;
import rdma.read.ReadExchange;
import rdma.read.ReadPeer;
import rdma.write.RemoteBuffer;
import rdma.write.perftest.PerftestKeys;

/**
 * What the two sides of {@code ib_atomic_lat} and {@code ib_atomic_bw} tell each other: perftest's
 * key message ({@link PerftestKeys}), whose second field, {@code out_reads}, now matters. It is the
 * number of RDMA READs and atomics the sender's QP serves at once (the {@code max_dest_rd_atomic}
 * it sets at RTR, chapter 06), and the peer issues no more than that at once (its
 * {@code max_rd_atomic}). What a side announces, and how it is printed, is chapter 06's exchange's.
 */
public final class AtomicKeys implements ExchangeFormat<ReadPeer> {
    private final ReadExchange exchange;

    /**
     * A side that says of itself what chapter 06's {@code exchange} says (the buffer it grants, the
     * atomics it serves), in perftest's bytes.
     */
    public AtomicKeys(ReadExchange exchange) {
        this.exchange = exchange;
    }

    @Override
    public int size() {
        return PerftestKeys.SIZE;
    }

    @Override
    public byte[] format(ReadPeer peer) {
        return PerftestKeys.format(peer.rdma(), peer.readsServed());
    }

    /** The peer's keys; the buffer they name is taken to hold one 8-byte word, all an atomic needs. */
    @Override
    public ReadPeer parse(byte[] message) {
        PerftestKeys.Keys keys = PerftestKeys.read(message, AtomicRequest.WORD);
        RemoteBuffer buffer = keys.peer().buffer();
        // No key and no address: the peer grants nothing (this chapter's initiator), and is printed so.
        boolean none = buffer.rkey() == 0 && buffer.address() == 0;
        return new ReadPeer(keys.peer().address(), none ? RemoteBuffer.NONE : buffer, keys.outReads());
    }

    @Override
    public ReadPeer local(Endpoint endpoint) {
        return exchange.local(endpoint);
    }

    @Override
    public RemoteAddress address(ReadPeer peer) {
        return exchange.address(peer);
    }

    /** Chapter 06's lines, the last of them, what the QP serves, said of atomics too. */
    @Override
    public List<Line> describe(ReadPeer peer) {
        List<Line> lines = new ArrayList<>(exchange.describe(peer));
        lines.set(lines.size() - 1, new Line("atomics", "serves " + peer.readsServed()
                + " RDMA READs and atomics at once (max_dest_rd_atomic)"));
        return lines;
    }
}
