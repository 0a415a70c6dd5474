package rdma.queues.c;

import java.util.Optional;
import rdma.support.CEnum;

/**
 * {@code enum ibv_wc_opcode}: what a completion completes. Receive completions have bit 7 set
 * ({@code IBV_WC_RECV} is 128), so {@code opcode & IBV_WC_RECV} tells a receive from a send.
 */
public enum WcOpcode implements CEnum {
    IBV_WC_SEND(0),
    IBV_WC_RDMA_WRITE(1),
    IBV_WC_RDMA_READ(2),
    IBV_WC_COMP_SWAP(3),
    IBV_WC_FETCH_ADD(4),
    IBV_WC_BIND_MW(5),
    IBV_WC_LOCAL_INV(6),
    IBV_WC_TSO(7),
    IBV_WC_ATOMIC_WRITE(9),
    IBV_WC_RECV(1 << 7),
    /** A receive consumed by the peer's RDMA WRITE WITH IMMEDIATE: the data went to memory, the 32 bits here. */
    IBV_WC_RECV_RDMA_WITH_IMM((1 << 7) + 1);

    private final int value;

    WcOpcode(int value) {
        this.value = value;
    }

    @Override
    public int value() {
        return value;
    }

    public static Optional<WcOpcode> of(int value) {
        return CEnum.of(WcOpcode.class, value);
    }

    /** "RECV (128)", or the number alone for an opcode without a name here. */
    public static String describe(int value) {
        return of(value).map(opcode -> opcode.shortName() + " (" + value + ")").orElse(String.valueOf(value));
    }
}
