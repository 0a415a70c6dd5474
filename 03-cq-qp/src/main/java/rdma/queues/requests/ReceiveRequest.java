package rdma.queues.requests;

import com.sun.jna.Pointer;
import rdma.memory.MemoryRegion;
import rdma.queues.DataPath;
import rdma.queues.QueuePair;
import rdma.queues.c.ibv_recv_wr;
import rdma.support.Layout;
import rdma.support.VerbsException;

/**
 * One {@code struct ibv_recv_wr} with its scatter/gather list, laid out once in native memory and
 * posted with {@code ibv_post_recv} as often as needed: a place where one incoming SEND (or RDMA
 * WRITE WITH IMMEDIATE) may land. Requests chained through {@code next} are posted together by
 * posting the first.
 */
public final class ReceiveRequest {
    private static final Layout WR = Layout.of(ibv_recv_wr.class);
    private static final int WR_ID = WR.offsetOf("wr_id");
    private static final int NEXT = WR.offsetOf("next");
    private static final int SG_LIST = WR.offsetOf("sg_list");
    private static final int NUM_SGE = WR.offsetOf("num_sge");

    private final RequestMemory memory;
    private final Pointer wr;
    private final Pointer badWr;
    private final Pointer qp;
    private final DataPath dataPath;
    private final String name;

    /** A request for {@code qp} with room for {@code maxSge} scatter/gather entries; {@code name} says whose in errors. */
    public ReceiveRequest(QueuePair qp, int maxSge, String name) {
        this(qp, maxSge, name, DataPath.of(qp.pd().context()));
    }

    /** The same, posted through {@code dataPath} instead of the context's own {@link DataPath#of}. */
    public ReceiveRequest(QueuePair qp, int maxSge, String name, DataPath dataPath) {
        this.memory = new RequestMemory(WR.size(), SG_LIST, maxSge);
        this.wr = memory.wr;
        this.badWr = memory.badWr;
        this.qp = qp.pointer();
        this.dataPath = dataPath;
        this.name = name;
        memory.view.putInt(NUM_SGE, maxSge);
    }

    /** {@code wr_id}: comes back in the completion of the message that lands here. */
    public ReceiveRequest wrId(long wrId) {
        memory.view.putLong(WR_ID, wrId);
        return this;
    }

    /** Scatter/gather entry {@code index}: {@code length} bytes of {@code region} from {@code offset}. */
    public ReceiveRequest sge(int index, MemoryRegion region, long offset, int length) {
        memory.sge(index, region.address() + offset, length, region.lkey());
        return this;
    }

    /** {@code next}: the request posted after this one by the same call, or null to end the chain. */
    public ReceiveRequest next(ReceiveRequest next) {
        wr.setPointer(NEXT, next == null ? null : next.wr);
        return this;
    }

    /** {@code ibv_post_recv}: this request and the chain behind it go to the receive queue. */
    public void post() {
        int rc = dataPath.ibv_post_recv(qp, wr, badWr);
        if (rc != 0) { // the message is built only on failure: posting in a loop allocates nothing
            VerbsException.check(rc, "ibv_post_recv(" + name + ")",
                    "The receive queue may be full (max_recv_wr), or the QP is still in RESET");
        }
    }
}
