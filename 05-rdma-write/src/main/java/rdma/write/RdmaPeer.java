package rdma.write;

import rdma.queues.RemoteAddress;

/**
 * What one side of a one-sided connection tells the other: where its QP is (chapter 04's
 * address) and the buffer it grants.
 */
public record RdmaPeer(RemoteAddress address, RemoteBuffer buffer) {
}
