package rdma.devices.c;

import java.util.Optional;
import rdma.support.CEnum;

/** {@code enum ibv_gid_type}: how packets addressed with a GID are carried. */
public enum GidType implements CEnum {
    /** Native InfiniBand. */
    IBV_GID_TYPE_IB(0, "IB"),
    /** RoCE v1: InfiniBand headers in an Ethernet frame; does not cross IP routers. */
    IBV_GID_TYPE_ROCE_V1(1, "RoCE v1"),
    /** RoCE v2: InfiniBand transport over UDP/IP (port 4791); what soft-RoCE and most NICs use. */
    IBV_GID_TYPE_ROCE_V2(2, "RoCE v2");

    private final int value;
    private final String label;

    GidType(int value, String label) {
        this.value = value;
        this.label = label;
    }

    @Override
    public int value() {
        return value;
    }

    /** The name ibv_devinfo prints. */
    public String label() {
        return label;
    }

    public static Optional<GidType> of(int value) {
        return CEnum.of(GidType.class, value);
    }
}
