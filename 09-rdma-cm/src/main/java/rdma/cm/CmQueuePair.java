package rdma.cm;

import com.sun.jna.Pointer;
import rdma.cm.c.rdma_cm_id;
import rdma.memory.ProtectionDomain;
import rdma.queues.CompletionQueue;
import rdma.queues.QueueCapacity;
import rdma.queues.QueuePair;
import rdma.queues.c.ibv_qp_init_attr;
import rdma.support.Layout;
import rdma.support.VerbsException;

/**
 * {@code rdma_create_qp} and {@code rdma_destroy_qp}: a QP that the connection manager creates on
 * an identifier ({@code id->qp}) and then walks through its states itself: INIT at once, RTR and
 * RTS when the connection is accepted (the server in {@code rdma_accept}, the client when the
 * reply arrives), ERR at a disconnect. The program posts to it as to any QP, through
 * {@link #qp()}: chapter 03's {@code QueuePair}, borrowed, since only {@code rdma_destroy_qp}
 * may destroy it (it also clears {@code id->qp}, which the CM still reads).
 */
public final class CmQueuePair implements AutoCloseable {
    private final CmId id;
    private final QueuePair qp;
    private boolean destroyed;

    private CmQueuePair(CmId id, QueuePair qp) {
        this.id = id;
        this.qp = qp;
    }

    /** An RC QP on {@code id}, in {@code pd}, whose sends and receives complete on {@code cq}. */
    public static CmQueuePair create(CmId id, ProtectionDomain pd, CompletionQueue cq, QueueCapacity capacity) {
        ibv_qp_init_attr init = QueuePair.rcInitAttr(cq, cq, capacity);
        VerbsException.check(CmVerbs.rdma_create_qp(id.pointer(), pd.pointer(), init), "rdma_create_qp(" + capacity + ")",
                "Ask for less (max_qp_wr, max_sge in ibv_devinfo -v), and create the PD and CQ on the identifier's context");
        Pointer qp = id.pointer().getPointer(Layout.of(rdma_cm_id.class).offsetOf("qp"));
        return new CmQueuePair(id, QueuePair.borrowed(pd, qp));
    }

    public QueuePair qp() {
        return qp;
    }

    @Override
    public void close() {
        if (!destroyed) {
            destroyed = true;
            qp.close();
            CmVerbs.rdma_destroy_qp(id.pointer());
        }
    }
}
