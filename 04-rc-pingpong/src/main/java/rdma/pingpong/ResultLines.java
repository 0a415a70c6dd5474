package rdma.pingpong;

import java.util.List;

/** rc_pingpong.c's two result lines, from the same arithmetic; later chapters print them too. */
public final class ResultLines {
    private ResultLines() {
    }

    /** "8192000 bytes in 0.35 seconds = 187.90 Mbit/sec", "1000 iters in 0.35 seconds = 348.77 usec/iter". */
    public static List<String> of(long bytes, long iters, long elapsedNanos) {
        double usec = elapsedNanos / 1000.0;
        return List.of(String.format("%d bytes in %.2f seconds = %.2f Mbit/sec", bytes, usec / 1_000_000.0, bytes * 8.0 / usec),
                String.format("%d iters in %.2f seconds = %.2f usec/iter", iters, usec / 1_000_000.0, usec / iters));
    }
}
