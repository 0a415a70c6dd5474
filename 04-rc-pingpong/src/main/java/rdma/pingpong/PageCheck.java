package rdma.pingpong;

import com.sun.jna.Pointer;
import java.io.PrintStream;
import rdma.memory.AlignedMemory;

/**
 * The data check of ibv_rc_pingpong's -c. The C client writes {@code i / page_size % sizeof(char)}
 * at the start of every page, which is 0 (sizeof(char) is 1) over a buffer filled with 0x7b; the
 * C server then checks those bytes. This server checks every byte of every page against that
 * pattern, a stronger check that any correct client, C or Java, passes.
 */
public final class PageCheck {
    /** The byte rc_pingpong.c fills its buffer with. */
    public static final byte FILL = 0x7b;
    /** {@code sysconf(_SC_PAGESIZE)}, as the C tool uses: both sides must agree on it. */
    static final int PAGE_SIZE = AlignedMemory.pageSize();

    private PageCheck() {
    }

    /** What a -c client writes before its first send. */
    public static void markPageStarts(Pointer buffer, int size) {
        for (int i = 0; i < size; i += PAGE_SIZE) {
            buffer.setByte(i, (byte) 0);
        }
    }

    /** Prints "invalid data in page N" for each page that differs, as the C server does; returns how many. */
    public static int reportInvalidPages(Pointer buffer, int size, PrintStream output) {
        int invalid = 0;
        for (int page = 0; page * PAGE_SIZE < size; page++) {
            int start = page * PAGE_SIZE;
            byte[] bytes = buffer.getByteArray(start, Math.min(PAGE_SIZE, size - start));
            boolean valid = bytes[0] == 0;
            for (int i = 1; i < bytes.length && valid; i++) {
                valid = bytes[i] == FILL;
            }
            if (!valid) {
                output.printf("invalid data in page %d%n", page);
                invalid++;
            }
        }
        return invalid;
    }
}
