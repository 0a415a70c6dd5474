package rdma.memory.pdmr;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import rdma.memory.AlignedMemory;
import rdma.memory.MemoryRegion;
import rdma.memory.MemoryVerbs;
import rdma.memory.ProtectionDomain;
import rdma.support.VerbsException;

/**
 * Times {@code ibv_reg_mr} + {@code ibv_dereg_mr} of one buffer, over and over, for a range of
 * sizes. Registration asks the kernel to pin every page and hand the device its translations, so
 * its cost grows with the size: real programs register once and reuse, never per message.
 */
final class RegistrationCost {
    static final long KIB = 1024;
    static final long MIB = 1024 * KIB;
    /** From one page to 64 MiB. */
    static final List<Long> SIZES = List.of(4 * KIB, 64 * KIB, MIB, 16 * MIB, 64 * MIB);

    private static final long TARGET_NANOS = 200_000_000L;
    private static final int MIN_CALLS = 3;
    private static final int MAX_CALLS = 200;

    /** One row of the table; {@code calls} is 0 when the size was skipped. */
    record Row(long size, int calls, double microsPerCall) {
        double microsPerMib() {
            return microsPerCall * MIB / size;
        }
    }

    private RegistrationCost() {
    }

    static List<Row> measure(ProtectionDomain pd, int access, OptionalLong memlockLimit) {
        List<Row> rows = new ArrayList<>();
        for (long size : SIZES) {
            if (memlockLimit.isPresent() && size > memlockLimit.getAsLong()) {
                rows.add(new Row(size, 0, 0));
            } else {
                rows.add(measure(pd, access, size));
            }
        }
        return rows;
    }

    private static Row measure(ProtectionDomain pd, int access, long size) {
        // Allocated (and touched) once, outside the timing: only registration is measured.
        try (AlignedMemory buffer = AlignedMemory.allocate(size)) {
            registerAndDeregister(pd, buffer.pointer(), size, access); // warm-up
            int calls = 0;
            long start = System.nanoTime();
            long elapsed;
            do {
                registerAndDeregister(pd, buffer.pointer(), size, access);
                calls++;
                elapsed = System.nanoTime() - start;
            } while (calls < MAX_CALLS && (calls < MIN_CALLS || elapsed < TARGET_NANOS));
            return new Row(size, calls, elapsed / 1000.0 / calls);
        }
    }

    private static void registerAndDeregister(ProtectionDomain pd, Pointer buffer, long size, int access) {
        Pointer mr = MemoryVerbs.ibv_reg_mr(pd.pointer(), buffer, size, access);
        if (mr == null) {
            int errno = Native.getLastError();
            throw VerbsException.ofErrno("ibv_reg_mr(" + size + " bytes)", errno,
                    MemoryRegion.hintForRegistrationFailure(errno, access));
        }
        VerbsException.check(MemoryVerbs.ibv_dereg_mr(mr), "ibv_dereg_mr", "Nothing else uses this MR; report a bug");
    }

    /** "4 KiB", "64 MiB". */
    static String size(long bytes) {
        return bytes >= MIB ? (bytes / MIB) + " MiB" : (bytes / KIB) + " KiB";
    }

    static List<String> table(List<Row> rows) {
        List<String> lines = new ArrayList<>();
        lines.add(String.format("  %8s %7s %12s %12s", "size", "calls", "usec/call", "usec/MiB"));
        for (Row row : rows) {
            if (row.calls() == 0) {
                lines.add(String.format("  %8s  skipped: above the locked-memory limit", size(row.size())));
            } else {
                lines.add(String.format("  %8s %7d %12.1f %12.1f", size(row.size()), row.calls(), row.microsPerCall(), row.microsPerMib()));
            }
        }
        return lines;
    }
}
