package rdma.srq.c;

import rdma.support.CEnum;

/** {@code enum ibv_srq_attr_mask}: which fields of {@code ibv_srq_attr} {@code ibv_modify_srq} changes. */
public enum SrqAttrMask implements CEnum {
    /** Resize the SRQ (devices that support it say so with IBV_DEVICE_SRQ_RESIZE). */
    IBV_SRQ_MAX_WR(1),
    /** Arm the limit: one asynchronous event when fewer receives than {@code srq_limit} remain. */
    IBV_SRQ_LIMIT(1 << 1);

    private final int value;

    SrqAttrMask(int value) {
        this.value = value;
    }

    @Override
    public int value() {
        return value;
    }
}
