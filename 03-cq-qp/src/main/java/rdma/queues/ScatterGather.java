package rdma.queues;

import com.sun.jna.Pointer;
import rdma.memory.MemoryRegion;

/** Writes one {@code struct ibv_sge}: a piece of registered memory that a work request names. */
public final class ScatterGather {
    private ScatterGather() {
    }

    /** The first {@code length} bytes of {@code region}, at {@code entry}. */
    public static void write(Pointer entry, MemoryRegion region, int length) {
        entry.setLong(ibv_sge.offsetOf("addr"), region.address());
        entry.setInt(ibv_sge.offsetOf("length"), length);
        entry.setInt(ibv_sge.offsetOf("lkey"), region.lkey());
    }
}
