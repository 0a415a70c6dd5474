package rdma.queues.requests;

import java.nio.ByteBuffer;
import rdma.queues.c.ibv_sge;
import rdma.support.Layout;

/**
 * Writes {@code struct ibv_sge} entries: each names a piece of registered memory by address,
 * length and the lkey of its memory region. A work request carries a list of them: a send gathers
 * its message from them, a receive scatters the arriving message into them.
 */
final class ScatterGather {
    private static final Layout SGE = Layout.of(ibv_sge.class);
    static final int SIZE = SGE.size();
    private static final int ADDR = SGE.offsetOf("addr");
    private static final int LENGTH = SGE.offsetOf("length");
    private static final int LKEY = SGE.offsetOf("lkey");

    private ScatterGather() {
    }

    /** Entry number {@code index} of a list that starts at {@code listOffset} of {@code view}. */
    static void write(ByteBuffer view, int listOffset, int index, long addr, int length, int lkey) {
        int entry = listOffset + index * SIZE;
        view.putLong(entry + ADDR, addr);
        view.putInt(entry + LENGTH, length);
        view.putInt(entry + LKEY, lkey);
    }
}
