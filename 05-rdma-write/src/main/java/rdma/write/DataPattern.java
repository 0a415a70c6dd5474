package rdma.write;

import com.sun.jna.Pointer;

/**
 * The bytes a -c run moves, and the check at the other end: byte {@code i} of a message is
 * {@code (i * 7 + 3) & 0xff}, a pattern in which a shifted, shortened or unwritten message
 * cannot pass. The check reads every byte. Both go through native memory a block at a time, so
 * that a message of a gigabyte needs no gigabyte of Java heap.
 */
public final class DataPattern {
    private static final int BLOCK = 1 << 16;

    private DataPattern() {
    }

    public static byte at(long index) {
        return (byte) (index * 7 + 3);
    }

    /** Writes the pattern into {@code length} bytes of {@code buffer} from {@code offset}. */
    public static void fill(Pointer buffer, long offset, long length) {
        byte[] block = new byte[(int) Math.min(BLOCK, length)];
        for (long done = 0; done < length; done += block.length) {
            int count = (int) Math.min(block.length, length - done);
            for (int i = 0; i < count; i++) {
                block[i] = at(done + i);
            }
            buffer.write(offset + done, block, 0, count);
        }
    }

    /** The index of the first byte that differs from the pattern, or -1 when all {@code length} bytes match. */
    public static long firstMismatch(Pointer buffer, long offset, long length) {
        byte[] block = new byte[(int) Math.min(BLOCK, length)];
        for (long done = 0; done < length; done += block.length) {
            int count = (int) Math.min(block.length, length - done);
            buffer.read(offset + done, block, 0, count);
            for (int i = 0; i < count; i++) {
                if (block[i] != at(done + i)) {
                    return done + i;
                }
            }
        }
        return -1;
    }
}
