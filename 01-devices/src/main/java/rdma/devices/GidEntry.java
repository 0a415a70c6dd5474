package rdma.devices;

import java.util.Optional;
import rdma.devices.c.GidType;

/**
 * One used entry of a port's GID table: its index (what {@code -g/--gid-idx} passes), the 16 raw
 * bytes, and its type, when the device reports one.
 */
public record GidEntry(int index, byte[] raw, Optional<GidType> type) {
    /** The GID that RoCE v2 uses to reach this port over IPv4: ::ffff:a.b.c.d. */
    public boolean isIpv4RoceV2() {
        return type.equals(Optional.of(GidType.IBV_GID_TYPE_ROCE_V2)) && Gid.isIpv4Mapped(raw);
    }

    /** "1 (::ffff:192.0.2.1, RoCE v2)", as an error message lists the choices. */
    public String describe() {
        return index + " (" + Gid.text(raw) + type.map(gidType -> ", " + gidType.label()).orElse("") + ")";
    }
}
