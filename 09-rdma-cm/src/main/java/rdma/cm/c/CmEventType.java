package rdma.cm.c;

import java.util.Optional;
import rdma.support.CEnum;

/** {@code enum rdma_cm_event_type}: what a connection manager event says happened. */
public enum CmEventType implements CEnum {
    RDMA_CM_EVENT_ADDR_RESOLVED(0),
    RDMA_CM_EVENT_ADDR_ERROR(1),
    RDMA_CM_EVENT_ROUTE_RESOLVED(2),
    RDMA_CM_EVENT_ROUTE_ERROR(3),
    RDMA_CM_EVENT_CONNECT_REQUEST(4),
    RDMA_CM_EVENT_CONNECT_RESPONSE(5),
    RDMA_CM_EVENT_CONNECT_ERROR(6),
    RDMA_CM_EVENT_UNREACHABLE(7),
    RDMA_CM_EVENT_REJECTED(8),
    RDMA_CM_EVENT_ESTABLISHED(9),
    RDMA_CM_EVENT_DISCONNECTED(10),
    RDMA_CM_EVENT_DEVICE_REMOVAL(11),
    RDMA_CM_EVENT_MULTICAST_JOIN(12),
    RDMA_CM_EVENT_MULTICAST_ERROR(13),
    RDMA_CM_EVENT_ADDR_CHANGE(14),
    RDMA_CM_EVENT_TIMEWAIT_EXIT(15);

    private final int value;

    CmEventType(int value) {
        this.value = value;
    }

    @Override
    public int value() {
        return value;
    }

    public static Optional<CmEventType> of(int value) {
        return CEnum.of(CmEventType.class, value);
    }
}
