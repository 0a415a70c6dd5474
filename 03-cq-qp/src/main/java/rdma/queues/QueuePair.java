package rdma.queues;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import rdma.devices.c.QpType;
import rdma.memory.ProtectionDomain;
import rdma.queues.c.QpAttrMask;
import rdma.queues.c.QpState;
import rdma.queues.c.ibv_qp;
import rdma.queues.c.ibv_qp_attr;
import rdma.queues.c.ibv_qp_init_attr;
import rdma.support.Layout;
import rdma.support.VerbsException;

/**
 * A reliable-connected queue pair: {@code ibv_create_qp}, {@code ibv_modify_qp},
 * {@code ibv_query_qp} and {@code ibv_destroy_qp}. A new QP is in RESET and can do nothing;
 * {@link QpTransitions} walks it to RTS.
 */
public final class QueuePair implements AutoCloseable {
    private final ProtectionDomain pd;
    private final int qpNum;
    private final boolean owned;
    private Pointer qp;

    private QueuePair(ProtectionDomain pd, Pointer qp, boolean owned) {
        this.pd = pd;
        this.qp = qp;
        this.owned = owned;
        this.qpNum = qp.getInt(Layout.of(ibv_qp.class).offsetOf("qp_num"));
    }

    /**
     * A QP in {@code pd} that another library created and will destroy (its {@code struct ibv_qp *}),
     * for posting, modifying and querying it here: {@link #close} forgets it and leaves it.
     */
    public static QueuePair borrowed(ProtectionDomain pd, Pointer qp) {
        return new QueuePair(pd, qp, false);
    }

    /**
     * An RC QP in {@code pd} whose sends complete on {@code sendCq} and receives on
     * {@code recvCq}, with room for the outstanding work requests, scatter/gather entries and
     * inline data that {@code capacity} asks for (the device may grant more: see {@link #capacity()}).
     */
    public static QueuePair createRc(ProtectionDomain pd, CompletionQueue sendCq, CompletionQueue recvCq,
            QueueCapacity capacity) {
        Pointer qp = QueueVerbs.ibv_create_qp(pd.pointer(), rcInitAttr(sendCq, recvCq, capacity));
        if (qp == null) {
            throw VerbsException.ofErrno("ibv_create_qp(" + capacity + ")", Native.getLastError(),
                    "Ask for less (max_qp_wr, max_sge in ibv_devinfo -v) or check the CQs belong to the same device");
        }
        return new QueuePair(pd, qp, true);
    }

    /** {@code struct ibv_qp_init_attr} of an RC QP: its CQs and the {@code capacity} asked for. */
    public static ibv_qp_init_attr rcInitAttr(CompletionQueue sendCq, CompletionQueue recvCq, QueueCapacity capacity) {
        ibv_qp_init_attr init = new ibv_qp_init_attr();
        init.send_cq = sendCq.pointer();
        init.recv_cq = recvCq.pointer();
        init.cap.max_send_wr = capacity.maxSendWr();
        init.cap.max_recv_wr = capacity.maxRecvWr();
        init.cap.max_send_sge = capacity.maxSendSge();
        init.cap.max_recv_sge = capacity.maxRecvSge();
        init.cap.max_inline_data = capacity.maxInlineData();
        init.qp_type = QpType.IBV_QPT_RC.value();
        return init;
    }

    public ProtectionDomain pd() {
        return pd;
    }

    /** The QP number, {@code ibv_qp.qp_num}: the peer needs it to reach this QP. */
    public int qpNum() {
        return qpNum;
    }

    /** The {@code struct ibv_qp *}. */
    public Pointer pointer() {
        if (qp == null) {
            throw new IllegalStateException("the queue pair is destroyed");
        }
        return qp;
    }

    /** {@code ibv_modify_qp}: sets the attributes named in {@code mask}. */
    public void modify(ibv_qp_attr attr, int mask, String hint) {
        VerbsException.check(QueueVerbs.ibv_modify_qp(pointer(), attr, mask),
                "ibv_modify_qp(qpn 0x" + Integer.toHexString(qpNum) + ", " + QpState.name(attr.qp_state) + ")", hint);
    }

    /** {@code ibv_query_qp} for {@code IBV_QP_STATE}: the state as the device has it now. */
    public int queryState() {
        ibv_qp_attr attr = new ibv_qp_attr();
        query(QpAttrMask.IBV_QP_STATE.value(), attr, new ibv_qp_init_attr());
        return attr.qp_state;
    }

    /**
     * {@code ibv_query_qp} for {@code IBV_QP_CAP}: what the QP really holds, which may be more
     * than was asked for (such as the bytes a send may carry inline, in the request itself).
     */
    public QueueCapacity capacity() {
        ibv_qp_init_attr init = new ibv_qp_init_attr();
        query(QpAttrMask.IBV_QP_CAP.value(), new ibv_qp_attr(), init);
        return new QueueCapacity(init.cap.max_send_wr, init.cap.max_recv_wr, init.cap.max_send_sge,
                init.cap.max_recv_sge, init.cap.max_inline_data);
    }

    private void query(int mask, ibv_qp_attr attr, ibv_qp_init_attr init) {
        VerbsException.check(QueueVerbs.ibv_query_qp(pointer(), attr, mask, init), "ibv_query_qp", "Is the QP still there?");
        attr.read();
        init.read();
    }

    @Override
    public void close() {
        if (qp != null && !owned) {
            qp = null;
        } else if (qp != null) {
            int rc = QueueVerbs.ibv_destroy_qp(qp);
            if (rc == 0) {
                qp = null;
            }
            VerbsException.check(rc, "ibv_destroy_qp", "Detach whatever still uses the QP first");
        }
    }
}
