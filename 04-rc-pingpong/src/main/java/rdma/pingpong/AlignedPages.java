package rdma.pingpong;

import com.sun.jna.Pointer;
import java.io.PrintStream;

/**
 * The data check of ibv_rc_pingpong's -c. The C client writes {@code i / page_size % sizeof(char)}
 * at the start of every page, which is 0 (sizeof(char) is 1) over a buffer filled with 0x7b; the
 * C server then checks those bytes. This server checks every byte of every page against that
 * pattern, a stronger check that any correct client, C or Java, passes.
 */
final class AlignedPages {
    /** {@code sysconf(_SC_PAGESIZE)}, as the C tool uses: both sides must agree on it. */
    static final int PAGE_SIZE = rdma.memory.MemoryRegion.pageSize();

    private AlignedPages() {
    }

    /** What a -c client writes before its first send. */
    static void markPageStarts(Pointer buffer, int size) {
        for (int i = 0; i < size; i += PAGE_SIZE) {
            buffer.setByte(i, (byte) 0);
        }
    }

    /** Prints "invalid data in page N" for each page that differs, as the C server does; returns how many. */
    static int reportInvalidPages(Pointer buffer, int size, PrintStream output) {
        int invalid = 0;
        for (int page = 0; page * PAGE_SIZE < size; page++) {
            int start = page * PAGE_SIZE;
            byte[] bytes = buffer.getByteArray(start, Math.min(PAGE_SIZE, size - start));
            boolean valid = bytes[0] == 0;
            for (int i = 1; i < bytes.length && valid; i++) {
                valid = bytes[i] == PingpongContext.FILL;
            }
            if (!valid) {
                output.printf("invalid data in page %d%n", page);
                invalid++;
            }
        }
        return invalid;
    }
}
