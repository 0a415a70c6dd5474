package rdma.queues.requests;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A work request in native memory, as a post verb reads it: the request ({@code ibv_send_wr} or
 * {@code ibv_recv_wr}), right after it its scatter/gather list of {@code maxSge} entries, which
 * its {@code sg_list} points to, and then the slot where the verb writes {@code bad_wr}. Written
 * through a direct {@link ByteBuffer} over the same memory: no native call, no object per field.
 */
final class RequestMemory {
    final ByteBuffer view;
    /** The request: what {@code ibv_post_send} or {@code ibv_post_recv} takes. */
    final Pointer wr;
    /** Where the post verb writes the request it stopped at, on failure. */
    final Pointer badWr;
    private final int sgListAt;
    private final int maxSge;

    /** A request of {@code requestSize} bytes, whose {@code sg_list} is at {@code sgListOffset}, with room for {@code maxSge} entries. */
    RequestMemory(int requestSize, int sgListOffset, int maxSge) {
        this.sgListAt = requestSize;
        this.maxSge = maxSge;
        int badWrAt = requestSize + maxSge * ScatterGather.SIZE;
        Memory memory = new Memory(badWrAt + Native.POINTER_SIZE);
        memory.clear();
        this.view = memory.getByteBuffer(0, memory.size()).order(ByteOrder.nativeOrder());
        this.wr = memory.share(0);
        this.badWr = memory.share(badWrAt);
        wr.setPointer(sgListOffset, memory.share(sgListAt));
    }

    /** Scatter/gather entry {@code index}: {@code length} bytes at {@code addr}, of the region whose lkey is {@code lkey}. */
    void sge(int index, long addr, int length, int lkey) {
        if (index < 0 || index >= maxSge) {
            throw new IndexOutOfBoundsException("scatter/gather entry " + index + " of " + maxSge);
        }
        ScatterGather.write(view, sgListAt, index, addr, length, lkey);
    }
}
