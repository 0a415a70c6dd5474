package rdma.queues;

import rdma.memory.c.Access;
import rdma.support.CEnum;

/**
 * What one side of a connection needs, in one small value: the buffer (its size and the
 * {@link Access} it is registered with), the QP's remote access (granted at INIT), the queue
 * capacities and the size of the CQ.
 */
public record EndpointSpec(long bufferSize, int bufferAccess, int qpAccess, QueueCapacity capacity, int cqEntries) {

    /**
     * A buffer of {@code bufferSize} bytes that this side may receive into (LOCAL_WRITE), no
     * remote access, 16 sends and 16 receives, and a CQ for all of them.
     */
    public static EndpointSpec of(long bufferSize) {
        QueueCapacity capacity = QueueCapacity.of(16, 16);
        return new EndpointSpec(bufferSize, CEnum.bits(Access.IBV_ACCESS_LOCAL_WRITE), 0, capacity,
                capacity.maxSendWr() + capacity.maxRecvWr());
    }

    /** The buffer's registration ({@link Access} bits). */
    public EndpointSpec withBufferAccess(int access) {
        return new EndpointSpec(bufferSize, access, qpAccess, capacity, cqEntries);
    }

    /** What a peer may do through the QP ({@link Access} bits, set at INIT). */
    public EndpointSpec withQpAccess(int access) {
        return new EndpointSpec(bufferSize, bufferAccess, access, capacity, cqEntries);
    }

    /** The queue capacities; the CQ is sized for every request of both queues. */
    public EndpointSpec withCapacity(QueueCapacity queues) {
        return new EndpointSpec(bufferSize, bufferAccess, qpAccess, queues, queues.maxSendWr() + queues.maxRecvWr());
    }

    public EndpointSpec withCqEntries(int entries) {
        return new EndpointSpec(bufferSize, bufferAccess, qpAccess, capacity, entries);
    }
}
