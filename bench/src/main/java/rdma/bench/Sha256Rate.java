package rdma.bench;

import java.nio.ByteBuffer;
import java.security.MessageDigest;

/**
 * How fast this JVM computes SHA-256 on one thread, as chapter 07's hasher does: 1 MiB chunks of
 * a direct buffer. Prints the best of three passes over {@code args[0]} MiB, in MiB/s; its CPU
 * time per MiB is the hash's share of a verified transfer (bench/file-transfer.sh).
 */
public final class Sha256Rate {
    private Sha256Rate() {
    }

    public static void main(String[] args) throws Exception {
        int mebibytes = Integer.parseInt(args[0]);
        ByteBuffer chunk = ByteBuffer.allocateDirect(1 << 20);
        MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
        double best = 0;
        for (int pass = 0; pass < 3; pass++) {
            long start = System.nanoTime();
            for (int i = 0; i < mebibytes; i++) {
                chunk.clear();
                sha256.update(chunk);
            }
            sha256.digest();
            best = Math.max(best, mebibytes / ((System.nanoTime() - start) / 1e9));
        }
        System.out.printf("%.2f%n", best);
    }
}
