package rdma.transfer;

import java.util.HexFormat;
import rdma.transfer.files.SafeName;

/**
 * One file moved: its name, its bytes, the seconds from its header to the verdict, the part of
 * them this side spent on the disk, and the SHA-256 both sides agreed on.
 */
public record FileResult(String name, long bytes, long nanos, long diskNanos, byte[] sha256) {
    /** MiB (2^20 bytes) per second: the unit of the progress bar and of perftest's "MB/sec". */
    public double mebibytesPerSecond() {
        return nanos == 0 ? 0 : bytes / (nanos / 1e9) / (1 << 20);
    }

    /** "data.bin: 268435456 bytes in 10.52 s = 24.34 MiB/s (disk 0.84 s), sha256 3f2a...". */
    public String line() {
        return String.format("%s: %d bytes in %.2f s = %.2f MiB/s (disk %.2f s), sha256 %s", SafeName.printable(name), bytes,
                nanos / 1e9, mebibytesPerSecond(), diskNanos / 1e9, HexFormat.of().formatHex(sha256));
    }
}
