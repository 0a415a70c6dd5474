package rdma.memory;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * How much memory this process may pin: {@code ulimit -l} (RLIMIT_MEMLOCK), which registration
 * counts against, unless the process has CAP_IPC_LOCK (root has), which lifts the limit.
 */
final class MemlockLimit {
    private static final int CAP_IPC_LOCK = 14;

    private MemlockLimit() {
    }

    /** The limit in bytes, or empty when there is none. */
    static OptionalLong bytes() {
        try {
            if (hasIpcLock(Files.readString(Path.of("/proc/self/status")))) {
                return OptionalLong.empty();
            }
            return parseLimits(Files.readString(Path.of("/proc/self/limits")));
        } catch (IOException notLinux) {
            return OptionalLong.empty();
        }
    }

    /** The soft "Max locked memory" of {@code /proc/self/limits}. */
    static OptionalLong parseLimits(String limits) {
        for (String line : limits.split("\n")) {
            if (line.startsWith("Max locked memory")) {
                String soft = line.substring("Max locked memory".length()).strip().split("\\s+")[0];
                return soft.equals("unlimited") ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(soft));
            }
        }
        return OptionalLong.empty();
    }

    /** Whether the effective capabilities ({@code CapEff:} of {@code /proc/self/status}) hold CAP_IPC_LOCK. */
    static boolean hasIpcLock(String status) {
        for (String line : status.split("\n")) {
            if (line.startsWith("CapEff:")) {
                return new BigInteger(line.substring("CapEff:".length()).strip(), 16).testBit(CAP_IPC_LOCK);
            }
        }
        return false;
    }

    static String describe(OptionalLong limit) {
        return limit.isEmpty() ? "unlimited (or lifted by CAP_IPC_LOCK)"
                : (limit.getAsLong() / 1024) + " KiB (ulimit -l)";
    }
}
