package rdma.queues;

import rdma.devices.Gid;
import rdma.devices.c.Mtu;
import rdma.memory.c.Access;
import rdma.queues.c.QpAttrMask;
import rdma.queues.c.QpState;
import rdma.queues.c.ibv_qp_attr;
import rdma.support.CEnum;

/**
 * The three {@code ibv_modify_qp} calls that take an RC queue pair from RESET to RTS, with the
 * attributes each step needs (the values rdma-core's ibv_rc_pingpong uses) and why.
 */
public final class QpTransitions {
    /**
     * One step: the state to reach, the attributes, the mask naming them, and the reason. A value
     * until {@code ibv_modify_qp} is called with it: a program may change attributes first (the
     * mask already names every attribute the step requires).
     */
    public record Transition(QpState target, ibv_qp_attr attr, int mask, String why) {
    }

    /** Local ACK timeout: 4.096 us * 2^14, about 67 ms, before a send is retried. */
    static final int ACK_TIMEOUT = 14;
    /** Transport retries before a send fails with "retry exceeded". */
    static final int RETRY_COUNT = 7;
    /** RNR retries; 7 means "retry forever". */
    public static final int RNR_RETRY_FOREVER = 7;
    /** How long a sender waits after an RNR NAK: 12 is 0.64 ms. */
    static final int MIN_RNR_TIMER = 12;
    /**
     * max_dest_rd_atomic at RTR and max_rd_atomic at RTS: how many RDMA READs and atomics the QP
     * serves, and issues, at once. An RC QP must be given both; rc_pingpong, which sends only,
     * gives 1, and so does this chapter.
     */
    static final int RD_ATOMIC = 1;

    private QpTransitions() {
    }

    /**
     * RESET to INIT: which port and partition the QP uses, and {@code access}, the
     * {@link Access} bits saying what a peer may do to this side's memory through the QP (RDMA
     * WRITE, READ, atomics); SEND needs none. The memory region must allow it too.
     */
    public static Transition toInit(int port, int access) {
        ibv_qp_attr attr = new ibv_qp_attr();
        attr.qp_state = QpState.IBV_QPS_INIT.value();
        attr.pkey_index = 0;
        attr.port_num = (byte) port;
        attr.qp_access_flags = access;
        int mask = CEnum.bits(QpAttrMask.IBV_QP_STATE, QpAttrMask.IBV_QP_PKEY_INDEX, QpAttrMask.IBV_QP_PORT,
                QpAttrMask.IBV_QP_ACCESS_FLAGS);
        String remoteAccess = access == 0 ? "none (SEND needs none)" : Access.describe(access);
        return new Transition(QpState.IBV_QPS_INIT, attr, mask, "binds the QP to port " + port
                + " and partition key 0; remote access " + remoteAccess + ": what the peer may do to our memory");
    }

    /**
     * INIT to RTR (ready to receive): who the peer is. On RoCE the address is a GID, so the
     * address vector is global ({@code is_global}, with the GRH fields); {@code sgidIndex} picks
     * our own GID from the port's table.
     */
    public static Transition toRtr(int port, Mtu pathMtu, int sgidIndex, int sl, RemoteAddress remote) {
        ibv_qp_attr attr = new ibv_qp_attr();
        attr.qp_state = QpState.IBV_QPS_RTR.value();
        attr.path_mtu = pathMtu.value();
        attr.dest_qp_num = remote.qpn();
        attr.rq_psn = remote.psn();
        attr.max_dest_rd_atomic = RD_ATOMIC;
        attr.min_rnr_timer = MIN_RNR_TIMER;
        attr.ah_attr.dlid = (short) remote.lid();
        attr.ah_attr.sl = (byte) sl;
        attr.ah_attr.port_num = (byte) port;
        String address = String.format("LID 0x%04x", remote.lid());
        if (!Gid.isNull(remote.gid())) {
            attr.ah_attr.is_global = 1;
            attr.ah_attr.grh.hop_limit = 1;
            attr.ah_attr.grh.sgid_index = (byte) sgidIndex;
            attr.ah_attr.grh.dgid.raw = remote.gid().clone();
            address = "GID " + Gid.text(remote.gid()) + " (a global address, our GID index " + sgidIndex + ")";
        }
        int mask = CEnum.bits(QpAttrMask.IBV_QP_STATE, QpAttrMask.IBV_QP_AV, QpAttrMask.IBV_QP_PATH_MTU,
                QpAttrMask.IBV_QP_DEST_QPN, QpAttrMask.IBV_QP_RQ_PSN, QpAttrMask.IBV_QP_MAX_DEST_RD_ATOMIC,
                QpAttrMask.IBV_QP_MIN_RNR_TIMER);
        return new Transition(QpState.IBV_QPS_RTR, attr, mask, String.format("the peer: %s, QP 0x%06x, first PSN 0x%06x;"
                + " path MTU %d", address, remote.qpn(), remote.psn(), pathMtu.bytes()));
    }

    /** RTR to RTS (ready to send): our first PSN, and how long and how often to retry. */
    public static Transition toRts(int psn, int rnrRetry) {
        ibv_qp_attr attr = new ibv_qp_attr();
        attr.qp_state = QpState.IBV_QPS_RTS.value();
        attr.sq_psn = psn;
        attr.timeout = ACK_TIMEOUT;
        attr.retry_cnt = RETRY_COUNT;
        attr.rnr_retry = (byte) rnrRetry;
        attr.max_rd_atomic = RD_ATOMIC;
        int mask = CEnum.bits(QpAttrMask.IBV_QP_STATE, QpAttrMask.IBV_QP_TIMEOUT, QpAttrMask.IBV_QP_RETRY_CNT,
                QpAttrMask.IBV_QP_RNR_RETRY, QpAttrMask.IBV_QP_SQ_PSN, QpAttrMask.IBV_QP_MAX_QP_RD_ATOMIC);
        return new Transition(QpState.IBV_QPS_RTS, attr, mask, String.format("our first PSN 0x%06x; ACK timeout %d"
                + " (4.096 us * 2^%d), %d retries, RNR retries %s", psn, ACK_TIMEOUT,
                ACK_TIMEOUT, RETRY_COUNT, rnrRetry == RNR_RETRY_FOREVER ? "7 (forever)" : String.valueOf(rnrRetry)));
    }
}
