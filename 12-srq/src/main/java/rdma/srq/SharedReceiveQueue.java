package rdma.srq;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import rdma.devices.DeviceContext;
import rdma.devices.c.ibv_device_attr;
import rdma.memory.ProtectionDomain;
import rdma.queues.CompletionQueue;
import rdma.queues.QueueCapacity;
import rdma.queues.QueuePair;
import rdma.queues.QueueVerbs;
import rdma.queues.c.ibv_qp_init_attr;
import rdma.srq.c.SrqAttrMask;
import rdma.srq.c.ibv_srq_attr;
import rdma.srq.c.ibv_srq_init_attr;
import rdma.support.VerbsException;

/**
 * {@code ibv_create_srq}, {@code ibv_modify_srq}, {@code ibv_query_srq} and
 * {@code ibv_destroy_srq}: one pool of receives that many RC QPs of the same PD draw from. A QP
 * made with the SRQ in its {@code init_attr.srq} ({@link #createQp}) has no receive queue of its
 * own: every SEND that reaches it takes the next receive of the pool, whichever QP it came to,
 * and its completion's {@code qp_num} says which QP that was. Destroyed after its QPs.
 */
public final class SharedReceiveQueue implements AutoCloseable {
    private final ProtectionDomain pd;
    private final int maxWr;
    private final int maxSge;
    private Pointer srq;

    private SharedReceiveQueue(ProtectionDomain pd, Pointer srq, int maxWr, int maxSge) {
        this.pd = pd;
        this.srq = srq;
        this.maxWr = maxWr;
        this.maxSge = maxSge;
    }

    /**
     * An SRQ in {@code pd} with room for {@code maxWr} receives of {@code maxSge} scatter/gather
     * entries each. The device may grant more: {@link #maxWr()} says what it did, as
     * {@code ibv_create_srq} writes it back into the attributes it was given.
     */
    public static SharedReceiveQueue create(ProtectionDomain pd, int maxWr, int maxSge) {
        ibv_srq_init_attr init = new ibv_srq_init_attr();
        init.attr.max_wr = maxWr;
        init.attr.max_sge = maxSge;
        Pointer srq = SrqVerbs.ibv_create_srq(pd.pointer(), init);
        if (srq == null) {
            throw VerbsException.ofErrno("ibv_create_srq(max_wr " + maxWr + ", max_sge " + maxSge + ")", Native.getLastError(),
                    "Ask for fewer receives: at most max_srq_wr, and max_srq_sge entries (01-devices -v shows both)");
        }
        init.read();
        return new SharedReceiveQueue(pd, srq, init.attr.max_wr, init.attr.max_sge);
    }

    /**
     * Refuses, before anything is made, a pool of {@code receives} larger than an SRQ of the device
     * holds ({@code max_srq_wr}), or a CQ of {@code cqEntries} for it larger than a CQ holds
     * ({@code max_cqe}): an error that names the option, -r, rather than the verb that would fail.
     */
    public static void requireRoom(DeviceContext context, int receives, int cqEntries) {
        ibv_device_attr device = context.queryDevice();
        String name = context.device().name();
        if (receives > device.max_srq_wr) {
            throw new VerbsException("-r/--rx-depth " + receives, "an SRQ of " + name + " holds at most " + device.max_srq_wr
                    + " receives (max_srq_wr)", "Pass a smaller -r");
        }
        if (cqEntries > device.max_cqe) {
            throw new VerbsException("-r/--rx-depth " + receives, "its CQ would need " + cqEntries + " entries, and a CQ of "
                    + name + " holds at most " + device.max_cqe + " (max_cqe)", "Pass a smaller -r");
        }
    }

    /**
     * An RC QP in this SRQ's PD whose receives come from this SRQ: {@code init_attr.srq} is set,
     * and the QP asks for no receive queue of its own ({@code max_recv_wr} 0). Its sends complete
     * on {@code cq}, and so do the receives the SRQ gives it.
     */
    public AttachedQp createQp(CompletionQueue cq, int maxSendWr, int maxInlineData) {
        ibv_qp_init_attr init = QueuePair.rcInitAttr(cq, cq, new QueueCapacity(maxSendWr, 0, 1, 0, maxInlineData));
        init.srq = pointer();
        Pointer qp = QueueVerbs.ibv_create_qp(pd.pointer(), init);
        if (qp == null) {
            throw VerbsException.ofErrno("ibv_create_qp(on a shared receive queue)", Native.getLastError(),
                    "The device may be out of QPs (max_qp in 01-devices -v), or the CQ belongs to another device");
        }
        return new AttachedQp(QueuePair.borrowed(pd, qp));
    }

    /**
     * {@code ibv_modify_srq} with {@code IBV_SRQ_LIMIT}: arms the limit. Once fewer than
     * {@code limit} receives remain in the pool, the device raises one
     * {@code IBV_EVENT_SRQ_LIMIT_REACHED} on the context's asynchronous events and disarms it
     * (the limit reads 0 again): the program refills, then arms it anew.
     */
    public void arm(int limit) {
        ibv_srq_attr attr = new ibv_srq_attr();
        attr.srq_limit = limit;
        VerbsException.check(SrqVerbs.ibv_modify_srq(pointer(), attr, SrqAttrMask.IBV_SRQ_LIMIT.value()),
                "ibv_modify_srq(IBV_SRQ_LIMIT " + limit + ")", "The limit must be below the SRQ's max_wr (" + maxWr + ")");
    }

    /** {@code ibv_query_srq}: the SRQ's attributes now, its limit 0 when it is not armed. */
    public ibv_srq_attr query() {
        ibv_srq_attr attr = new ibv_srq_attr();
        VerbsException.check(SrqVerbs.ibv_query_srq(pointer(), attr), "ibv_query_srq", "Is the SRQ still there?");
        attr.read();
        return attr;
    }

    public ProtectionDomain pd() {
        return pd;
    }

    /** The receives the SRQ holds at most, as the device granted them. */
    public int maxWr() {
        return maxWr;
    }

    public int maxSge() {
        return maxSge;
    }

    /** The {@code struct ibv_srq *}. */
    public Pointer pointer() {
        if (srq == null) {
            throw new IllegalStateException("the shared receive queue is destroyed");
        }
        return srq;
    }

    /** Fails with EBUSY (and stays) while a QP still draws from it. */
    @Override
    public void close() {
        if (srq != null) {
            int rc = SrqVerbs.ibv_destroy_srq(srq);
            if (rc == 0) {
                srq = null;
            }
            VerbsException.check(rc, "ibv_destroy_srq", "Destroy the QPs that use this SRQ first");
        }
    }

    /**
     * A QP made on the SRQ, which this chapter destroys itself ({@code ibv_destroy_qp}); its
     * {@link QueuePair} is used for everything else, as chapter 03's are.
     */
    public static final class AttachedQp implements AutoCloseable {
        private final QueuePair qp;
        private boolean destroyed;

        AttachedQp(QueuePair qp) {
            this.qp = qp;
        }

        public QueuePair qp() {
            return qp;
        }

        @Override
        public void close() {
            if (!destroyed) {
                Pointer pointer = qp.pointer();
                qp.close(); // forgets the borrowed pointer; the QP itself goes here
                VerbsException.check(QueueVerbs.ibv_destroy_qp(pointer), "ibv_destroy_qp", "Report this");
                destroyed = true;
            }
        }
    }
}
