package rdma.write.perftest;

import java.util.List;
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
 * perftest's key message ({@code KEY_PRINT_FMT_GID} in perftest_communication.h), what each side
 * of {@code ib_write_lat} tells the other about its QP and its buffer: hex fields of fixed width,
 * each followed by a colon (LID, the RDMA READs its QP serves, QPN, PSN, rkey, the address the
 * peer writes to, the GID one byte at a time, an SRQ number), then a NUL: 108 bytes. The buffer's
 * length is not in it: perftest's buffer holds at least one message, which is all a latency test
 * writes, so that is the length this side takes it to grant. What this side says, and how it is
 * printed, is chapter 05's own message's ({@link RdmaExchange}); only the bytes differ.
 */
public final class PerftestKeys implements ExchangeFormat<RdmaPeer> {
    /** The message's size on the wire, NUL included. */
    public static final int SIZE = 108;

    /** What a QP of these chapters serves, and perftest's out_reads in a WRITE test: one RDMA READ at a time. */
    private static final int OUT_READS = 1;

    /** No shared receive queue: perftest's srqn when it uses none. */
    private static final int NO_SRQ = 0;

    private static final String FIELDS = "LID:OUT_READS:QPN:PSN:RKEY:VADDR:16 GID bytes:SRQN: (4:4:6:6:8:16:2 each:8 hex digits)";

    private static final Pattern KEYS = Pattern.compile("(\\p{XDigit}{4}):(\\p{XDigit}{4}):(\\p{XDigit}{6}):(\\p{XDigit}{6}):"
            + "(\\p{XDigit}{8}):(\\p{XDigit}{16}):((?:\\p{XDigit}{2}:){16})(\\p{XDigit}{8}):");

    private final RdmaExchange ours;
    private final int messageSize;

    /** The keys of the buffer {@code ours} grants, for a test of messages of {@code messageSize} bytes. */
    public PerftestKeys(RdmaExchange ours, int messageSize) {
        this.ours = ours;
        this.messageSize = messageSize;
    }

    @Override
    public int size() {
        return SIZE;
    }

    @Override
    public byte[] format(RdmaPeer peer) {
        return format(peer, OUT_READS);
    }

    @Override
    public RdmaPeer parse(byte[] message) {
        return read(message, messageSize).peer();
    }

    /** What a key message carries: the peer's QP and buffer, and the RDMA READs and atomics its QP serves at once. */
    public record Keys(RdmaPeer peer, int outReads) {
    }

    /** The message of {@code peer}, whose QP serves {@code outReads} RDMA READs and atomics at once (max_dest_rd_atomic). */
    public static byte[] format(RdmaPeer peer, int outReads) {
        RemoteAddress address = peer.address();
        RemoteBuffer buffer = peer.buffer();
        StringBuilder text = new StringBuilder(String.format("%04x:%04x:%06x:%06x:%08x:%016x:", address.lid(), outReads,
                address.qpn(), address.psn(), buffer.rkey(), buffer.address()));
        for (byte gidByte : address.gid()) {
            text.append(String.format("%02x:", gidByte & 0xff));
        }
        text.append(String.format("%08x:", NO_SRQ));
        return ExchangeMessage.terminated(text.toString());
    }

    /** The fields of {@code message}; the buffer it names is taken to hold {@code messageSize} bytes. */
    public static Keys read(byte[] message, int messageSize) {
        Matcher keys = KEYS.matcher(ExchangeMessage.unterminated(message, SIZE));
        if (!keys.matches()) {
            throw new MalformedMessageException("expected " + FIELDS + " and a NUL, got \"" + ExchangeMessage.printable(message) + "\"");
        }
        byte[] gid = new byte[16];
        String[] gidBytes = keys.group(7).split(":");
        for (int i = 0; i < gid.length; i++) {
            gid[i] = (byte) Integer.parseInt(gidBytes[i], 16);
        }
        RemoteAddress address = new RemoteAddress(Integer.parseInt(keys.group(1), 16), Integer.parseInt(keys.group(3), 16),
                Integer.parseInt(keys.group(4), 16), gid);
        RdmaPeer peer = new RdmaPeer(address, new RemoteBuffer(Long.parseUnsignedLong(keys.group(6), 16),
                Integer.parseUnsignedInt(keys.group(5), 16), messageSize));
        return new Keys(peer, Integer.parseInt(keys.group(2), 16));
    }

    @Override
    public RdmaPeer local(Endpoint endpoint) {
        return ours.local(endpoint);
    }

    @Override
    public RemoteAddress address(RdmaPeer peer) {
        return peer.address();
    }

    @Override
    public List<Line> describe(RdmaPeer peer) {
        return ours.describe(peer);
    }
}
