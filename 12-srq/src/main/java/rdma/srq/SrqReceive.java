package rdma.srq;

import com.sun.jna.Function;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import rdma.devices.DeviceContext;
import rdma.memory.MemoryRegion;
import rdma.queues.DataPath;
import rdma.queues.c.ibv_recv_wr;
import rdma.queues.c.ibv_sge;
import rdma.support.Layout;
import rdma.support.VerbsException;

/**
 * One {@code struct ibv_recv_wr} with one scatter/gather entry, laid out once in native memory
 * and posted to a shared receive queue with {@code ibv_post_srq_recv} as often as needed. Like
 * the other data-path verbs, that one is no symbol of libibverbs but {@code static inline}:
 *
 * <pre>
 * static inline int ibv_post_srq_recv(struct ibv_srq *srq, struct ibv_recv_wr *recv_wr,
 *                                     struct ibv_recv_wr **bad_recv_wr)
 * {
 *         return srq-&gt;context-&gt;ops.post_srq_recv(srq, recv_wr, bad_recv_wr);
 * }
 * </pre>
 *
 * so it is bound the way chapter 03 binds them ({@link DataPath#linkOnce}): to the function at
 * {@code ops.post_srq_recv} of the first device's table. Changing the request and posting it
 * create no object.
 */
public final class SrqReceive {
    private static final Layout WR = Layout.of(ibv_recv_wr.class);
    private static final Layout SGE = Layout.of(ibv_sge.class);
    private static final int SGE_AT = WR.size();
    private static final int BAD_WR_AT = SGE_AT + SGE.size();

    private final Memory memory = new Memory(BAD_WR_AT + Native.POINTER_SIZE);
    private final ByteBuffer view;
    private final Pointer badWr = memory.share(BAD_WR_AT);
    private final Pointer srq;
    private final PostSrqRecv verb;

    /** A request for {@code srq}, whose one entry {@link #sge} sets. */
    public SrqReceive(SharedReceiveQueue srq) {
        memory.clear();
        this.view = memory.getByteBuffer(0, memory.size()).order(ByteOrder.nativeOrder());
        this.srq = srq.pointer();
        this.verb = PostSrqRecv.of(srq.pd().context());
        memory.setPointer(WR.offsetOf("sg_list"), memory.share(SGE_AT));
        view.putInt(WR.offsetOf("num_sge"), 1);
    }

    /** {@code wr_id}: comes back in the completion of the message that lands here. */
    public SrqReceive wrId(long wrId) {
        view.putLong(WR.offsetOf("wr_id"), wrId);
        return this;
    }

    /** The entry: {@code length} bytes of {@code region} from {@code offset}. */
    public SrqReceive sge(MemoryRegion region, long offset, int length) {
        view.putLong(SGE_AT + SGE.offsetOf("addr"), region.address() + offset);
        view.putInt(SGE_AT + SGE.offsetOf("length"), length);
        view.putInt(SGE_AT + SGE.offsetOf("lkey"), region.lkey());
        return this;
    }

    /** {@code ibv_post_srq_recv}: one more receive in the pool. */
    public void post() {
        int rc = verb.post_srq_recv(srq, memory, badWr);
        if (rc != 0) { // the message is built only on failure: posting in a loop allocates nothing
            VerbsException.check(rc, "ibv_post_srq_recv", "The SRQ is full: it holds max_wr receives (-r) at most");
        }
    }

    /** {@code srq->context->ops.post_srq_recv}: direct mapping for the first table, a JNA {@code Function} for another. */
    @FunctionalInterface
    interface PostSrqRecv {
        int post_srq_recv(Pointer srq, Pointer recv_wr, Pointer bad_recv_wr);

        static PostSrqRecv of(DeviceContext context) {
            return Linked.of(context);
        }
    }

    /** The binding, linked once, to the first device's table. */
    static final class Linked {
        private Linked() {
        }

        private static native int post_srq_recv(Pointer srq, Pointer recv_wr, Pointer bad_recv_wr);

        static PostSrqRecv of(DeviceContext context) {
            String name = context.device().name();
            if (DataPath.linkOnce(Linked.class, context.pointer(), "post_srq_recv", name)) {
                return Linked::post_srq_recv;
            }
            Function other = Function.getFunction(new Pointer(DataPath.operation(context.pointer(), "post_srq_recv", name)));
            return (srq, wr, badWr) -> other.invokeInt(new Object[] {srq, wr, badWr});
        }
    }
}
