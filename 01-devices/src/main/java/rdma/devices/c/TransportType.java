package rdma.devices.c;

import java.util.Optional;
import rdma.support.CEnum;

/** {@code enum ibv_transport_type}: RoCE devices report InfiniBand, the transport they carry over Ethernet. */
public enum TransportType implements CEnum {
    IBV_TRANSPORT_UNKNOWN(-1),
    IBV_TRANSPORT_IB(0),
    IBV_TRANSPORT_IWARP(1),
    IBV_TRANSPORT_USNIC(2),
    IBV_TRANSPORT_USNIC_UDP(3),
    IBV_TRANSPORT_UNSPECIFIED(4);

    private final int value;

    TransportType(int value) {
        this.value = value;
    }

    @Override
    public int value() {
        return value;
    }

    public static Optional<TransportType> of(int value) {
        return CEnum.of(TransportType.class, value);
    }
}
