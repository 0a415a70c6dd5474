package rdma.devices.c;

import java.util.Optional;
import rdma.support.CEnum;

/** {@code enum ibv_port_state}: only an ACTIVE port carries traffic. */
public enum PortState implements CEnum {
    IBV_PORT_NOP(0),
    IBV_PORT_DOWN(1),
    IBV_PORT_INIT(2),
    IBV_PORT_ARMED(3),
    IBV_PORT_ACTIVE(4),
    IBV_PORT_ACTIVE_DEFER(5);

    private final int value;

    PortState(int value) {
        this.value = value;
    }

    @Override
    public int value() {
        return value;
    }

    public static Optional<PortState> of(int value) {
        return CEnum.of(PortState.class, value);
    }
}
