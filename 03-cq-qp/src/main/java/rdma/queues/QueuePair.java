package rdma.queues;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.util.concurrent.atomic.AtomicInteger;
import rdma.devices.VerbsException;
import rdma.memory.ProtectionDomain;

/**
 * A reliable-connected queue pair: {@code ibv_create_qp}, {@code ibv_modify_qp},
 * {@code ibv_query_qp} and {@code ibv_destroy_qp}. A new QP is in RESET and can do nothing;
 * {@link QpTransitions} walks it to RTS.
 */
public final class QueuePair implements AutoCloseable {
    /** {@code enum ibv_qp_type}. */
    static final int IBV_QPT_RC = 2;

    private static final AtomicInteger OPEN = new AtomicInteger();

    private final ProtectionDomain pd;
    private final int qpNum;
    private Pointer qp;

    private QueuePair(ProtectionDomain pd, Pointer qp) {
        this.pd = pd;
        this.qp = qp;
        this.qpNum = qp.getInt(ibv_qp.offsetOf("qp_num"));
        OPEN.incrementAndGet();
    }

    /**
     * An RC QP in {@code pd} whose sends complete on {@code sendCq} and receives on
     * {@code recvCq}, with room for the given numbers of outstanding work requests.
     */
    public static QueuePair createRc(ProtectionDomain pd, CompletionQueue sendCq, CompletionQueue recvCq,
            int maxSendWr, int maxRecvWr) {
        ibv_qp_init_attr init = new ibv_qp_init_attr();
        init.send_cq = sendCq.pointer();
        init.recv_cq = recvCq.pointer();
        init.cap.max_send_wr = maxSendWr;
        init.cap.max_recv_wr = maxRecvWr;
        init.cap.max_send_sge = 1;
        init.cap.max_recv_sge = 1;
        init.qp_type = IBV_QPT_RC;
        Pointer qp = QueueVerbs.ibv_create_qp(pd.pointer(), init);
        if (qp == null) {
            throw VerbsException.ofErrno("ibv_create_qp", Native.getLastError(),
                    "Ask for fewer work requests (max_qp_wr in ibv_devinfo -v) or check the CQs belong to the same device");
        }
        return new QueuePair(pd, qp);
    }

    public static int openCount() {
        return OPEN.get();
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
        query(QpAttrMask.IBV_QP_STATE, attr, new ibv_qp_init_attr());
        return attr.qp_state;
    }

    /**
     * {@code ibv_query_qp} for {@code IBV_QP_CAP}: how many bytes a send may carry inline, in the
     * work request itself; the device may grant more than was asked for.
     */
    public int maxInlineData() {
        ibv_qp_init_attr init = new ibv_qp_init_attr();
        query(QpAttrMask.IBV_QP_CAP, new ibv_qp_attr(), init);
        return init.cap.max_inline_data;
    }

    private void query(int mask, ibv_qp_attr attr, ibv_qp_init_attr init) {
        VerbsException.check(QueueVerbs.ibv_query_qp(pointer(), attr, mask, init), "ibv_query_qp", "Is the QP still there?");
        attr.read();
        init.read();
    }

    @Override
    public void close() {
        if (qp != null) {
            int rc = QueueVerbs.ibv_destroy_qp(qp);
            if (rc == 0) {
                qp = null;
                OPEN.decrementAndGet();
            }
            VerbsException.check(rc, "ibv_destroy_qp", "Detach whatever still uses the QP first");
        }
    }
}
