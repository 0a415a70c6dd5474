package rdma.queues;

import com.sun.jna.Memory;
import rdma.devices.VerbsException;
import rdma.memory.MemoryRegion;

/**
 * One receive work request with its scatter/gather entry, laid out once in native memory and
 * posted with {@code ibv_post_recv} as often as needed: posting builds nothing.
 */
public final class ReceiveRequest {
    private static final int WR = 0;
    private static final int SGE = ibv_recv_wr.sizeOf();
    private static final int BAD_WR = SGE + ibv_sge.sizeOf();

    private final Memory memory = new Memory(BAD_WR + 8L);
    private final DataPath.BoundCall post;
    private final String name;

    /** Receives into the first {@code length} bytes of {@code region}; completions carry {@code wrId}. */
    public ReceiveRequest(QueuePair qp, MemoryRegion region, int length, long wrId, String name) {
        memory.clear();
        ScatterGather.write(memory.share(SGE), region, length);
        memory.setLong(WR + ibv_recv_wr.offsetOf("wr_id"), wrId);
        memory.setPointer(WR + ibv_recv_wr.offsetOf("next"), null);
        memory.setPointer(WR + ibv_recv_wr.offsetOf("sg_list"), memory.share(SGE));
        memory.setInt(WR + ibv_recv_wr.offsetOf("num_sge"), 1);
        this.post = DataPath.ibv_post_recv(qp.pd().context().pointer(), qp.pointer(), memory.share(WR), memory.share(BAD_WR));
        this.name = name;
    }

    public void post() {
        int rc = post.invoke();
        if (rc != 0) { // the message is built only on failure: posting in a loop allocates nothing
            VerbsException.check(rc, "ibv_post_recv(" + name + ")",
                    "The receive queue may be full (max_recv_wr), or the QP is still in RESET");
        }
    }
}
