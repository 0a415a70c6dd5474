package rdma.transfer;

import java.util.HexFormat;

/**
 * One file moved: its name, its bytes, the seconds from its header to the verdict, the part of
 * them this side spent on the disk, and the SHA-256 both sides agreed on.
 */
public record FileResult(String name, long bytes, long nanos, long diskNanos, byte[] sha256) {
    /** MB (10^6 bytes) per second, as disks and networks are rated. */
    public double megabytesPerSecond() {
        return nanos == 0 ? 0 : bytes / (nanos / 1e9) / 1e6;
    }

    /** "data.bin: 268435456 bytes in 10.52 s = 25.52 MB/s (disk 0.84 s), sha256 3f2a...". */
    public String line() {
        return String.format("%s: %d bytes in %.2f s = %.2f MB/s (disk %.2f s), sha256 %s", SafeName.printable(name), bytes,
                nanos / 1e9, megabytesPerSecond(), diskNanos / 1e9, HexFormat.of().formatHex(sha256));
    }
}
