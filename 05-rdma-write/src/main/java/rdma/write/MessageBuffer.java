package rdma.write;

import com.sun.jna.Pointer;
import rdma.memory.MemoryRegion;

/**
 * How the one-sided chapters divide their one registered buffer: {@code size} bytes this side
 * sends from ("outgoing", when it sends), {@code size} bytes the peer writes into ("incoming",
 * when it receives), then one flag byte: the byte a peer sets last when only memory tells the
 * target that the data is there, or, on the side that sets it, the byte it is set from. A side
 * grants its peer the incoming part and the flag ({@link #granted}); the rkey covers the whole
 * region, so an access past the granted bytes is refused only where it leaves the region.
 */
public final class MessageBuffer {
    private final MemoryRegion region;
    private final int size;
    private final long incomingOffset;
    private final long flagOffset;

    private MessageBuffer(MemoryRegion region, int size, boolean outgoing, boolean incoming) {
        this.region = region;
        this.size = size;
        this.incomingOffset = outgoing ? size : 0;
        this.flagOffset = incomingOffset + (incoming ? size : 0);
    }

    /** The bytes to register for messages of {@code size} bytes, with the parts this side needs. */
    public static long bytesFor(int size, boolean outgoing, boolean incoming) {
        return (outgoing ? size : 0L) + (incoming ? size : 0L) + 1;
    }

    /** The layout of {@code region}, registered with {@link #bytesFor} for the same parts. */
    public static MessageBuffer of(MemoryRegion region, int size, boolean outgoing, boolean incoming) {
        return new MessageBuffer(region, size, outgoing, incoming);
    }

    public MemoryRegion region() {
        return region;
    }

    public int size() {
        return size;
    }

    public Pointer memory() {
        return region.buffer();
    }

    public long outgoingOffset() {
        return 0;
    }

    public long incomingOffset() {
        return incomingOffset;
    }

    public long flagOffset() {
        return flagOffset;
    }

    /** What this side announces to its peer: the incoming bytes (if any) and the flag. */
    public RemoteBuffer granted() {
        return new RemoteBuffer(region.address() + incomingOffset, region.rkey(), flagOffset - incomingOffset + 1);
    }
}
