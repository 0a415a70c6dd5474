package rdma.bench.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The machine's CPU ticks so far, from the kernel's /proc/stat. */
final class MachineCpu {
    private MachineCpu() {
    }

    /** {user, kernel}: user and nice; system, irq and softirq (where soft-RoCE works). */
    static long[] ticks() {
        try {
            return ticks(Files.readAllLines(Path.of("/proc/stat")).get(0));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The same, of /proc/stat's first line: "cpu user nice system idle iowait irq softirq ...". */
    static long[] ticks(String cpuLine) {
        String[] field = cpuLine.trim().split("\\s+");
        return new long[] {Long.parseLong(field[1]) + Long.parseLong(field[2]),
                Long.parseLong(field[3]) + Long.parseLong(field[6]) + Long.parseLong(field[7])};
    }
}
