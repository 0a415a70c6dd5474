package rdma.queues.c;

import java.util.Optional;
import rdma.support.CEnum;

/** {@code enum ibv_qp_state}, in the order a QP walks through it. */
public enum QpState implements CEnum {
    IBV_QPS_RESET(0),
    IBV_QPS_INIT(1),
    IBV_QPS_RTR(2),
    IBV_QPS_RTS(3),
    IBV_QPS_SQD(4),
    IBV_QPS_SQE(5),
    IBV_QPS_ERR(6),
    IBV_QPS_UNKNOWN(7);

    private final int value;

    QpState(int value) {
        this.value = value;
    }

    @Override
    public int value() {
        return value;
    }

    public static Optional<QpState> of(int value) {
        return CEnum.of(QpState.class, value);
    }

    /** "RTS", or "state 9" for a value the enum does not have. */
    public static String name(int value) {
        return of(value).map(QpState::shortName).orElse("state " + value);
    }
}
