package rdma.write;

import rdma.memory.MemoryRegion;

/**
 * What a target grants a peer: the address of its registered buffer, the rkey that unlocks it,
 * and how many bytes from there the peer may use. The initiator of an RDMA WRITE or READ puts the
 * address and rkey into its work request ({@code wr.rdma}); the target's device checks both, and
 * the region's access flags, on every access.
 *
 * @param address the buffer's virtual address in the target's process
 * @param rkey    the region's remote key
 * @param length  the bytes the peer may use, from {@code address}
 */
public record RemoteBuffer(long address, int rkey, long length) {
    /** What a side that grants no remote access announces: no address, no key, no bytes. */
    public static final RemoteBuffer NONE = new RemoteBuffer(0, 0, 0);

    /** All of {@code region}, as its owner announces it. */
    public static RemoteBuffer of(MemoryRegion region) {
        return new RemoteBuffer(region.address(), region.rkey(), region.length());
    }

    /** "addr 0x00007f28a40b5000, rkey 0x00000313, 4096 bytes", or "none" when nothing is granted. */
    public String describe() {
        if (length == 0) {
            return "none (no remote access granted)";
        }
        return String.format("addr 0x%016x, rkey 0x%08x, %d %s", address, rkey, length, length == 1 ? "byte" : "bytes");
    }
}
