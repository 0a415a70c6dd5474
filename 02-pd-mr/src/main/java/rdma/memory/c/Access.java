package rdma.memory.c;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import rdma.support.CEnum;

/**
 * {@code enum ibv_access_flags}: what the device may do with a memory region (and, given to a
 * queue pair at INIT, what a peer may do through it). Without any flag the device may still read
 * the region locally, which is all a send needs.
 */
public enum Access implements CEnum {
    /** The local device may write: needed to receive into the region, and by any remote write. */
    IBV_ACCESS_LOCAL_WRITE(1),
    /** A peer may RDMA-write into the region. */
    IBV_ACCESS_REMOTE_WRITE(1 << 1),
    /** A peer may RDMA-read the region. */
    IBV_ACCESS_REMOTE_READ(1 << 2),
    /** A peer may run atomic operations on the region. */
    IBV_ACCESS_REMOTE_ATOMIC(1 << 3);

    /** No flag: the device may only read the region, for sending from it. */
    public static final int LOCAL_READ_ONLY = 0;

    private final int value;

    Access(int value) {
        this.value = value;
    }

    @Override
    public int value() {
        return value;
    }

    /** The option spelling: "local-write". */
    public String optionName() {
        return shortName().toLowerCase(Locale.ROOT).replace('_', '-');
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
            bits |= ofOptionName(name.strip()).value;
        }
        return bits;
    }

    private static Access ofOptionName(String optionName) {
        List<String> names = new ArrayList<>();
        for (Access access : values()) {
            if (access.optionName().equals(optionName)) {
                return access;
            }
            names.add(access.optionName());
        }
        throw new IllegalArgumentException("unknown access flag '" + optionName + "' (flags: "
                + String.join(", ", names) + ", or none)");
    }

    /** "LOCAL_WRITE|REMOTE_READ", or "0 (local read only)". */
    public static String describe(int bits) {
        return bits == LOCAL_READ_ONLY ? "0 (local read only)" : CEnum.describeFlags(Access.class, bits);
    }
}
