package rdma.queues;

import java.util.ArrayList;
import java.util.List;

/** {@code enum ibv_qp_attr_mask}: which fields of {@code ibv_qp_attr} a modify or query uses. */
public final class QpAttrMask {
    public static final int IBV_QP_STATE = 1;
    public static final int IBV_QP_ACCESS_FLAGS = 1 << 3;
    public static final int IBV_QP_PKEY_INDEX = 1 << 4;
    public static final int IBV_QP_PORT = 1 << 5;
    public static final int IBV_QP_AV = 1 << 7;
    public static final int IBV_QP_PATH_MTU = 1 << 8;
    public static final int IBV_QP_TIMEOUT = 1 << 9;
    public static final int IBV_QP_RETRY_CNT = 1 << 10;
    public static final int IBV_QP_RNR_RETRY = 1 << 11;
    public static final int IBV_QP_RQ_PSN = 1 << 12;
    public static final int IBV_QP_MAX_QP_RD_ATOMIC = 1 << 13;
    public static final int IBV_QP_MIN_RNR_TIMER = 1 << 15;
    public static final int IBV_QP_SQ_PSN = 1 << 16;
    public static final int IBV_QP_MAX_DEST_RD_ATOMIC = 1 << 17;
    public static final int IBV_QP_CAP = 1 << 19;
    public static final int IBV_QP_DEST_QPN = 1 << 20;

    private static final int[] BITS = {IBV_QP_STATE, IBV_QP_ACCESS_FLAGS, IBV_QP_PKEY_INDEX, IBV_QP_PORT,
            IBV_QP_AV, IBV_QP_PATH_MTU, IBV_QP_TIMEOUT, IBV_QP_RETRY_CNT, IBV_QP_RNR_RETRY, IBV_QP_RQ_PSN,
            IBV_QP_MAX_QP_RD_ATOMIC, IBV_QP_MIN_RNR_TIMER, IBV_QP_SQ_PSN, IBV_QP_MAX_DEST_RD_ATOMIC,
            IBV_QP_CAP, IBV_QP_DEST_QPN};
    private static final String[] NAMES = {"STATE", "ACCESS_FLAGS", "PKEY_INDEX", "PORT", "AV", "PATH_MTU",
            "TIMEOUT", "RETRY_CNT", "RNR_RETRY", "RQ_PSN", "MAX_QP_RD_ATOMIC", "MIN_RNR_TIMER", "SQ_PSN",
            "MAX_DEST_RD_ATOMIC", "CAP", "DEST_QPN"};

    private QpAttrMask() {
    }

    /** "STATE|PKEY_INDEX|PORT|ACCESS_FLAGS", in the order of the bits. */
    public static String describe(int mask) {
        List<String> names = new ArrayList<>();
        int named = 0;
        for (int i = 0; i < BITS.length; i++) {
            if ((mask & BITS[i]) != 0) {
                names.add(NAMES[i]);
                named |= BITS[i];
            }
        }
        if ((mask & ~named) != 0) {
            names.add(String.format("0x%x", mask & ~named));
        }
        return String.join("|", names);
    }
}
