package rdma.queues.c;

import rdma.support.CEnum;

/** {@code enum ibv_send_flags}: how a send work request is carried out. */
public enum SendFlag implements CEnum {
    /** Wait for earlier RDMA READs and atomics of this QP to finish first. */
    IBV_SEND_FENCE(1),
    /** Ask for a completion (unless the QP signals every send anyway, {@code sq_sig_all}). */
    IBV_SEND_SIGNALED(1 << 1),
    /** Wake a peer whose CQ was armed for solicited completions only ({@code ibv_req_notify_cq}). */
    IBV_SEND_SOLICITED(1 << 2),
    /** Copy the data into the work request itself: small messages, no lkey needed. */
    IBV_SEND_INLINE(1 << 3),
    IBV_SEND_IP_CSUM(1 << 4);

    private final int value;

    SendFlag(int value) {
        this.value = value;
    }

    @Override
    public int value() {
        return value;
    }
}
