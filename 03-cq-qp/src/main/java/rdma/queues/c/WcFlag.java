package rdma.queues.c;

import rdma.support.CEnum;

/** {@code enum ibv_wc_flags}: what else a completion carries. */
public enum WcFlag implements CEnum {
    /** The first 40 bytes of the receive buffer hold the packet's global route header (UD only). */
    IBV_WC_GRH(1),
    /** {@code imm_data} is valid: the peer sent SEND or RDMA WRITE WITH IMMEDIATE. */
    IBV_WC_WITH_IMM(1 << 1),
    IBV_WC_IP_CSUM_OK(1 << 2),
    IBV_WC_WITH_INV(1 << 3);

    private final int value;

    WcFlag(int value) {
        this.value = value;
    }

    @Override
    public int value() {
        return value;
    }

    public boolean isIn(int wcFlags) {
        return (wcFlags & value) != 0;
    }
}
