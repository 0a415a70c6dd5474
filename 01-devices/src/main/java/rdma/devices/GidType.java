package rdma.devices;

import java.util.Optional;

/** {@code enum ibv_gid_type}: how packets addressed with a GID are carried. */
public enum GidType {
    /** Native InfiniBand. */
    IB("IB"),
    /** RoCE v1: InfiniBand headers in an Ethernet frame; does not cross IP routers. */
    ROCE_V1("RoCE v1"),
    /** RoCE v2: InfiniBand transport over UDP/IP (port 4791); what soft-RoCE and most NICs use. */
    ROCE_V2("RoCE v2");

    private final String label;

    GidType(String label) {
        this.label = label;
    }

    /** The name ibv_devinfo prints. */
    public String label() {
        return label;
    }

    static Optional<GidType> of(int value) {
        GidType[] all = values();
        return value >= 0 && value < all.length ? Optional.of(all[value]) : Optional.empty();
    }
}
