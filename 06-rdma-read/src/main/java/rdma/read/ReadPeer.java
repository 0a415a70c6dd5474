package rdma.read;

import rdma.queues.RemoteAddress;
import rdma.write.RdmaPeer;
import rdma.write.RemoteBuffer;

/**
 * What one side of chapter 06 tells the other: chapter 05's address and granted buffer, and how
 * many RDMA READs its QP serves at once (the max_dest_rd_atomic it sets at RTR).
 */
public record ReadPeer(RemoteAddress address, RemoteBuffer buffer, int readsServed) {
    /** The part chapter 05's message carries. */
    public RdmaPeer rdma() {
        return new RdmaPeer(address, buffer);
    }
}
