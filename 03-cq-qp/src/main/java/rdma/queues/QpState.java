package rdma.queues;

/** {@code enum ibv_qp_state}, in the order a QP walks through it. */
public enum QpState {
    RESET, INIT, RTR, RTS, SQD, SQE, ERR;

    public int value() {
        return ordinal();
    }

    public static String name(int value) {
        QpState[] all = values();
        return value >= 0 && value < all.length ? all[value].name() : "unknown state " + value;
    }
}
