package rdma.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ChunkHasherTest {
    private static final int SLOTS = 3;
    private static final int CHUNK = 4096;

    /**
     * Chunks of a stream go through three slots in turn, each slot refilled as soon as the hasher
     * is done with its last chunk, as the sender does: the digest is the stream's SHA-256.
     */
    @Test
    void hashesTheChunksInOrderWhileTheSlotsAreReused() throws Exception {
        ByteBuffer[] slots = new ByteBuffer[SLOTS];
        for (int i = 0; i < SLOTS; i++) {
            slots[i] = ByteBuffer.allocateDirect(CHUNK);
        }
        MessageDigest expected = MessageDigest.getInstance("SHA-256");
        Random random = new Random(7);
        byte[] bytes = new byte[CHUNK];
        try (ChunkHasher hasher = new ChunkHasher(views(slots), "test")) {
            for (int chunk = 0; chunk < 200; chunk++) {
                int slot = chunk % SLOTS;
                int length = chunk == 199 ? 1000 : CHUNK; // the last chunk of a file is short
                hasher.awaitHashed(hasher.submitted() - SLOTS + 1);
                random.nextBytes(bytes);
                slots[slot].clear();
                slots[slot].put(bytes);
                expected.update(bytes, 0, length);
                hasher.submit(slot, length);
            }
            assertThat(hasher.digest()).isEqualTo(expected.digest());
            assertThat(hasher.hashed()).isEqualTo(200);
        }
    }

    @Test
    void anEmptyFileHasTheEmptyDigest() throws Exception {
        try (ChunkHasher hasher = new ChunkHasher(views(new ByteBuffer[] {ByteBuffer.allocateDirect(16)}), "test")) {
            assertThat(hasher.digest()).isEqualTo(MessageDigest.getInstance("SHA-256").digest());
        }
    }

    @Test
    void closingEndsItsThread() {
        ChunkHasher hasher = new ChunkHasher(views(new ByteBuffer[] {ByteBuffer.allocateDirect(16)}), "closing");
        hasher.close();
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(thread -> thread.getName().equals("closing-sha256"));
    }

    private static ByteBuffer[] views(ByteBuffer[] slots) {
        ByteBuffer[] views = new ByteBuffer[slots.length];
        for (int i = 0; i < slots.length; i++) {
            views[i] = slots[i].duplicate();
        }
        return views;
    }
}
