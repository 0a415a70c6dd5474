package rdma.devices;

import java.nio.ByteOrder;

/** GUIDs: 64-bit identifiers that verbs hand over in network (big-endian) byte order. */
public final class Guid {
    private Guid() {
    }

    /** {@code be64toh}: the number a {@code __be64} stands for, whatever this CPU's byte order. */
    public static long fromBigEndian(long be64) {
        return ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN ? be64 : Long.reverseBytes(be64);
    }

    /** As ibv_devices prints it: 16 hex digits. */
    public static String plain(long guid) {
        return String.format("%016x", guid);
    }

    /** As ibv_devinfo prints it: four groups of four hex digits. */
    public static String grouped(long guid) {
        return String.format("%04x:%04x:%04x:%04x",
                (guid >>> 48) & 0xffff, (guid >>> 32) & 0xffff, (guid >>> 16) & 0xffff, guid & 0xffff);
    }
}
