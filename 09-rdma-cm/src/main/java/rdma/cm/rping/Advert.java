package rdma.cm.rping;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * rping's {@code struct rping_rdma_info}: a buffer offered to the peer for RDMA, 16 bytes in
 * network byte order: its address ({@code __be64 buf}), its rkey ({@code __be32}) and its size
 * ({@code __be32}). The client sends one for the buffer the server is to READ, then one for the
 * buffer it is to WRITE back into.
 */
record Advert(long address, int rkey, int size) {
    static final int BYTES = 16;

    /** Writes this advert at the start of {@code buffer}, big-endian as C's {@code htobe64} and {@code htobe32} leave it. */
    void writeTo(ByteBuffer buffer) {
        buffer.order(ByteOrder.BIG_ENDIAN).putLong(0, address).putInt(8, rkey).putInt(12, size);
    }

    /** The advert at the start of {@code buffer}. */
    static Advert readFrom(ByteBuffer buffer) {
        ByteBuffer big = buffer.order(ByteOrder.BIG_ENDIAN);
        return new Advert(big.getLong(0), big.getInt(8), big.getInt(12));
    }

    byte[] bytes() {
        byte[] bytes = new byte[BYTES];
        writeTo(ByteBuffer.wrap(bytes));
        return bytes;
    }

    @Override
    public String toString() {
        return String.format("addr 0x%x, rkey 0x%x, %d bytes", address, rkey, size);
    }
}
