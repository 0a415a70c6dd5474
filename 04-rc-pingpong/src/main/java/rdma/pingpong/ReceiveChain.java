package rdma.pingpong;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import rdma.devices.VerbsException;
import rdma.memory.MemoryRegion;
import rdma.queues.DataPath;
import rdma.queues.QueuePair;
import rdma.queues.ScatterGather;
import rdma.queues.ibv_recv_wr;
import rdma.queues.ibv_sge;

/**
 * {@code depth} identical receive work requests, chained through their {@code next} pointers and
 * built once in native memory. rc_pingpong.c refills its receive queue with one
 * {@code ibv_post_recv} per request; here posting the last {@code count} requests of the chain
 * is one call, which puts the same requests on the queue with a fraction of the calls (each call
 * from Java costs more than one from C).
 */
final class ReceiveChain {
    private static final int SGE = 0;
    private static final int FIRST_WR = ibv_sge.sizeOf();
    private static final int WR_SIZE = ibv_recv_wr.sizeOf();

    /** Keeps the native memory reachable for as long as the calls that point into it. */
    private final Memory memory;
    private final DataPath.BoundCall[] postLast;
    private final String side;

    ReceiveChain(QueuePair qp, MemoryRegion region, int length, long wrId, int depth, String side) {
        int badWr = FIRST_WR + depth * WR_SIZE;
        Memory memory = new Memory(badWr + 8L);
        memory.clear();
        ScatterGather.write(memory.share(SGE), region, length);
        Pointer[] requests = new Pointer[depth];
        for (int i = 0; i < depth; i++) {
            requests[i] = memory.share(FIRST_WR + (long) i * WR_SIZE);
        }
        for (int i = 0; i < depth; i++) {
            requests[i].setLong(ibv_recv_wr.offsetOf("wr_id"), wrId);
            requests[i].setPointer(ibv_recv_wr.offsetOf("next"), i + 1 < depth ? requests[i + 1] : null);
            requests[i].setPointer(ibv_recv_wr.offsetOf("sg_list"), memory.share(SGE));
            requests[i].setInt(ibv_recv_wr.offsetOf("num_sge"), 1);
        }
        Pointer context = qp.pd().context().pointer();
        postLast = new DataPath.BoundCall[depth + 1];
        for (int count = 1; count <= depth; count++) {
            postLast[count] = DataPath.ibv_post_recv(context, qp.pointer(), requests[depth - count], memory.share(badWr));
        }
        this.side = side;
        this.memory = memory;
    }

    /** Posts {@code count} receives (1 to depth) with one {@code ibv_post_recv}. */
    void post(int count) {
        int rc = postLast[count].invoke();
        if (rc != 0) {
            VerbsException.check(rc, "ibv_post_recv(" + side + ", " + count + " requests)",
                    "The receive queue may be full (max_recv_wr)");
        }
    }
}
