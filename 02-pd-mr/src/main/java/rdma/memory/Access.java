package rdma.memory;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** {@code enum ibv_access_flags}: what the device may do with a memory region. */
public enum Access {
    /** The local device may write: needed to receive into the region, and by any remote write. */
    LOCAL_WRITE(1),
    /** A peer may RDMA-write into the region. */
    REMOTE_WRITE(1 << 1),
    /** A peer may RDMA-read the region. */
    REMOTE_READ(1 << 2),
    /** A peer may run atomic operations on the region. */
    REMOTE_ATOMIC(1 << 3);

    /** Without any flag the device may still read the region locally: enough to send from it. */
    public static final int LOCAL_READ_ONLY = 0;

    private final int bit;

    Access(int bit) {
        this.bit = bit;
    }

    public int bit() {
        return bit;
    }

    /** The option spelling: "local-write". */
    public String optionName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * Parses "local-write,remote-read" (the names of the flags, comma separated) or "none" into
     * the access bits.
     */
    public static int parse(String flags) {
        if (flags.equals("none")) {
            return LOCAL_READ_ONLY;
        }
        int bits = 0;
        for (String name : flags.split(",")) {
            bits |= of(name.strip()).bit;
        }
        return bits;
    }

    private static Access of(String optionName) {
        for (Access access : values()) {
            if (access.optionName().equals(optionName)) {
                return access;
            }
        }
        List<String> names = new ArrayList<>();
        for (Access access : values()) {
            names.add(access.optionName());
        }
        throw new IllegalArgumentException("unknown access flag '" + optionName + "' (flags: "
                + String.join(", ", names) + ", or none)");
    }

    /** "LOCAL_WRITE|REMOTE_READ", or "0 (local read only)". */
    public static String describe(int bits) {
        List<String> names = new ArrayList<>();
        for (Access access : values()) {
            if ((bits & access.bit) != 0) {
                names.add(access.name());
            }
        }
        return names.isEmpty() ? "0 (local read only)" : String.join("|", names);
    }
}
