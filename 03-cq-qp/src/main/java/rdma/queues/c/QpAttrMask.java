package rdma.queues.c;

import rdma.support.CEnum;

/** {@code enum ibv_qp_attr_mask}: which fields of {@code ibv_qp_attr} a modify or query uses. */
public enum QpAttrMask implements CEnum {
    IBV_QP_STATE(1),
    IBV_QP_CUR_STATE(1 << 1),
    IBV_QP_EN_SQD_ASYNC_NOTIFY(1 << 2),
    IBV_QP_ACCESS_FLAGS(1 << 3),
    IBV_QP_PKEY_INDEX(1 << 4),
    IBV_QP_PORT(1 << 5),
    IBV_QP_QKEY(1 << 6),
    IBV_QP_AV(1 << 7),
    IBV_QP_PATH_MTU(1 << 8),
    IBV_QP_TIMEOUT(1 << 9),
    IBV_QP_RETRY_CNT(1 << 10),
    IBV_QP_RNR_RETRY(1 << 11),
    IBV_QP_RQ_PSN(1 << 12),
    IBV_QP_MAX_QP_RD_ATOMIC(1 << 13),
    IBV_QP_ALT_PATH(1 << 14),
    IBV_QP_MIN_RNR_TIMER(1 << 15),
    IBV_QP_SQ_PSN(1 << 16),
    IBV_QP_MAX_DEST_RD_ATOMIC(1 << 17),
    IBV_QP_PATH_MIG_STATE(1 << 18),
    IBV_QP_CAP(1 << 19),
    IBV_QP_DEST_QPN(1 << 20);

    private final int value;

    QpAttrMask(int value) {
        this.value = value;
    }

    @Override
    public int value() {
        return value;
    }

    /** "STATE|PKEY_INDEX|PORT|ACCESS_FLAGS", in the order of the bits. */
    public static String describe(int mask) {
        return CEnum.describeFlags(QpAttrMask.class, mask);
    }
}
