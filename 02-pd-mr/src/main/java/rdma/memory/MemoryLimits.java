package rdma.memory;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import rdma.support.VerbsException;

/**
 * What limits how much memory a process can register, checked before trying: a registration the
 * system cannot hold otherwise ends in ENOMEM at best, and at worst (a buffer larger than free
 * memory, touched page by page) in the kernel's out-of-memory killer ending the JVM without a word.
 *
 * <ul>
 * <li>the device's {@code max_mr_size} ({@code ibv_devinfo -v});
 * <li>{@code ulimit -l} (RLIMIT_MEMLOCK): registration pins pages, and pinned pages count against
 *     it, unless the process has CAP_IPC_LOCK (root has), which lifts the limit;
 * <li>the memory the kernel says is available ({@code MemAvailable} in {@code /proc/meminfo}).
 * </ul>
 */
public final class MemoryLimits {
    private static final int CAP_IPC_LOCK = 14;
    private static final long KIB = 1024;

    private MemoryLimits() {
    }

    /**
     * Throws, naming the limit and how to change it, when {@code length} bytes cannot be allocated
     * and registered on a device whose {@code max_mr_size} is {@code maxMrSize} (unsigned).
     */
    public static void requireRegistrable(long length, long maxMrSize) {
        String what = "registering " + length + " bytes";
        if (Long.compareUnsigned(length, maxMrSize) > 0) {
            throw new VerbsException(what, "the device registers at most " + Long.toUnsignedString(maxMrSize)
                    + " bytes in one region (max_mr_size)", "Use a smaller size, or several regions");
        }
        OptionalLong memlock = memlockBytes();
        long pinnable = memlock.isPresent() ? memlock.getAsLong() - pinnedBytes() : Long.MAX_VALUE;
        if (length > pinnable) {
            throw new VerbsException(what, "the locked-memory limit leaves " + pinnable / KIB + " KiB to pin"
                    + " (ulimit -l is " + memlock.getAsLong() / KIB + " KiB)", "Raise it (limits.conf:"
                    + " '@rdma - memlock unlimited', then log in again) or use a smaller size");
        }
        OptionalLong available = availableBytes();
        if (available.isPresent() && length > available.getAsLong()) {
            throw new VerbsException(what, "only " + available.getAsLong() / KIB / KIB + " MiB of memory are available"
                    + " (MemAvailable in /proc/meminfo)", "Use a smaller size, or free memory");
        }
    }

    /** The locked-memory limit in bytes, or empty when there is none. */
    public static OptionalLong memlockBytes() {
        try {
            if (hasIpcLock(Files.readString(Path.of("/proc/self/status")))) {
                return OptionalLong.empty();
            }
            return parseLimits(Files.readString(Path.of("/proc/self/limits")));
        } catch (IOException notLinux) {
            return OptionalLong.empty();
        }
    }

    /** How much this process has pinned already ({@code VmPin}), which counts against the limit. */
    static long pinnedBytes() {
        return kibField("/proc/self/status", "VmPin:").orElse(0) * KIB;
    }

    /** {@code MemAvailable}: what the kernel can give without swapping, or empty where it cannot tell. */
    public static OptionalLong availableBytes() {
        OptionalLong kib = kibField("/proc/meminfo", "MemAvailable:");
        return kib.isPresent() ? OptionalLong.of(kib.getAsLong() * KIB) : OptionalLong.empty();
    }

    private static OptionalLong kibField(String file, String key) {
        try {
            return parseKib(Files.readString(Path.of(file)), key);
        } catch (IOException notLinux) {
            return OptionalLong.empty();
        }
    }

    /** The number of a "Key:   1234 kB" line. */
    static OptionalLong parseKib(String text, String key) {
        for (String line : text.split("\n")) {
            if (line.startsWith(key)) {
                return OptionalLong.of(Long.parseLong(line.substring(key.length()).strip().split("\\s+")[0]));
            }
        }
        return OptionalLong.empty();
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

    /** "8192 KiB (ulimit -l)", or "unlimited (or lifted by CAP_IPC_LOCK)". */
    public static String describe(OptionalLong limit) {
        return limit.isEmpty() ? "unlimited (or lifted by CAP_IPC_LOCK)"
                : (limit.getAsLong() / KIB) + " KiB (ulimit -l)";
    }
}
