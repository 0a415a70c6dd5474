package rdma.srq;

import rdma.devices.DeviceContext;
import rdma.memory.MemoryRegion;
import rdma.memory.ProtectionDomain;
import rdma.memory.c.Access;
import rdma.queues.CompletionQueue;
import rdma.queues.QueueCapacity;
import rdma.queues.QueuePair;
import rdma.support.ResourceStack;

/**
 * What a shared receive queue saves, made for real on a device: for {@code clients} RC QPs, each
 * with a receive queue of its own ({@code depth} receives, and a buffer for each, as every
 * pingpong server of the earlier chapters has), against the same QPs on one SRQ sized as
 * {@link SrqServer} sizes its pool for that many clients at once. Each arrangement is built,
 * measured and released in turn: the receives are what the device granted ({@code ibv_query_qp}'s
 * {@code max_recv_wr} for each QP, the SRQ's {@code max_wr}), the bytes are the receive buffers
 * registered for them.
 */
public final class Footprint {
    /** One measurement: receives granted and bytes registered, both ways, for {@code clients} clients. */
    public record Row(int clients, long ownReceives, long ownBytes, long sharedReceives, long sharedBytes) {
    }

    private Footprint() {
    }

    /** SrqServer's sizing for {@code clients} at once: a pool four times its limit, the limit at least one receive per client. */
    public static int poolFor(int clients) {
        return Math.max(128, 4 * clients);
    }

    /** Builds both arrangements for {@code clients} on {@code context}, with receives of {@code size} bytes. */
    public static Row measure(DeviceContext context, int clients, int depth, int size) {
        long ownReceives = 0;
        try (ResourceStack made = new ResourceStack()) {
            ProtectionDomain pd = made.push(ProtectionDomain.allocate(context));
            for (int i = 0; i < clients; i++) {
                made.push(MemoryRegion.register(pd, (long) depth * size, Access.IBV_ACCESS_LOCAL_WRITE.value()));
                CompletionQueue cq = made.push(CompletionQueue.create(context, depth + 1));
                QueuePair qp = made.push(QueuePair.createRc(pd, cq, cq, QueueCapacity.of(1, depth)));
                ownReceives += qp.capacity().maxRecvWr();
            }
        }
        int pool = poolFor(clients);
        try (ResourceStack made = new ResourceStack()) {
            ProtectionDomain pd = made.push(ProtectionDomain.allocate(context));
            made.push(MemoryRegion.register(pd, (long) pool * size, Access.IBV_ACCESS_LOCAL_WRITE.value()));
            CompletionQueue cq = made.push(CompletionQueue.create(context, pool + clients));
            SharedReceiveQueue srq = made.push(SharedReceiveQueue.create(pd, pool, 1));
            for (int i = 0; i < clients; i++) {
                made.push(srq.createQp(cq, 1, 0));
            }
            long sharedReceives = srq.query().max_wr;
            return new Row(clients, ownReceives, (long) clients * depth * size, sharedReceives, (long) pool * size);
        }
    }
}
