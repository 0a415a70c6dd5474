package rdma.queues.c;

import rdma.support.CEnum;

/**
 * {@code enum ibv_wr_opcode}: what a send work request asks the device to do. SEND consumes a
 * receive the peer posted; the RDMA operations name the peer's memory themselves (address and
 * rkey) and involve no receive, except that WITH_IMM also delivers 32 bits to a posted receive.
 */
public enum WrOpcode implements CEnum {
    IBV_WR_RDMA_WRITE(0),
    IBV_WR_RDMA_WRITE_WITH_IMM(1),
    IBV_WR_SEND(2),
    IBV_WR_SEND_WITH_IMM(3),
    IBV_WR_RDMA_READ(4),
    IBV_WR_ATOMIC_CMP_AND_SWP(5),
    IBV_WR_ATOMIC_FETCH_AND_ADD(6),
    IBV_WR_LOCAL_INV(7),
    IBV_WR_BIND_MW(8),
    IBV_WR_SEND_WITH_INV(9),
    IBV_WR_TSO(10),
    IBV_WR_DRIVER1(11),
    IBV_WR_ATOMIC_WRITE(15);

    private final int value;

    WrOpcode(int value) {
        this.value = value;
    }

    @Override
    public int value() {
        return value;
    }
}
