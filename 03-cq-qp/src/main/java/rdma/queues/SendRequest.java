package rdma.queues;

import com.sun.jna.Memory;
import rdma.devices.VerbsException;
import rdma.memory.MemoryRegion;

/**
 * One signaled SEND work request with its scatter/gather entry, laid out once in native memory
 * and posted with {@code ibv_post_send} as often as needed: posting builds nothing.
 */
public final class SendRequest {
    /** {@code enum ibv_wr_opcode}. */
    static final int IBV_WR_SEND = 2;
    /** {@code enum ibv_send_flags}: ask for a completion. */
    public static final int IBV_SEND_SIGNALED = 1 << 1;
    /** {@code enum ibv_send_flags}: copy the data into the work request itself (small messages). */
    public static final int IBV_SEND_INLINE = 1 << 3;

    private static final int WR = 0;
    private static final int SGE = ibv_send_wr.sizeOf();
    private static final int BAD_WR = SGE + ibv_sge.sizeOf();

    private final Memory memory = new Memory(BAD_WR + 8L);
    private final DataPath.BoundCall post;
    private final QueuePair qp;
    private final String name;

    /** Sends the first {@code length} bytes of {@code region}; the completion carries {@code wrId}. */
    public SendRequest(QueuePair qp, MemoryRegion region, int length, long wrId, String name) {
        this(qp, region, length, wrId, IBV_SEND_SIGNALED, name);
    }

    /** The same, with other {@code ibv_send_flags} (SIGNALED is not implied). */
    public SendRequest(QueuePair qp, MemoryRegion region, int length, long wrId, int sendFlags, String name) {
        memory.clear();
        ScatterGather.write(memory.share(SGE), region, length);
        memory.setLong(WR + ibv_send_wr.offsetOf("wr_id"), wrId);
        memory.setPointer(WR + ibv_send_wr.offsetOf("next"), null);
        memory.setPointer(WR + ibv_send_wr.offsetOf("sg_list"), memory.share(SGE));
        memory.setInt(WR + ibv_send_wr.offsetOf("num_sge"), 1);
        memory.setInt(WR + ibv_send_wr.offsetOf("opcode"), IBV_WR_SEND);
        memory.setInt(WR + ibv_send_wr.offsetOf("send_flags"), sendFlags);
        this.post = DataPath.ibv_post_send(qp.pd().context().pointer(), qp.pointer(), memory.share(WR), memory.share(BAD_WR));
        this.qp = qp;
        this.name = name;
    }

    public void post() {
        int rc = post.invoke();
        if (rc != 0) {
            int state = qp.queryState();
            String hint = state == QpState.RTS.value() ? "The send queue may be full (max_send_wr)"
                    : "The QP is in " + QpState.name(state) + ": a QP can post sends only in RTS; move it to RTS first";
            VerbsException.check(rc, "ibv_post_send(" + name + ")", hint);
        }
    }
}
