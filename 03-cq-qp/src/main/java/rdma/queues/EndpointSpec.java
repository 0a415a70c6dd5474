package rdma.queues;

import com.sun.jna.Pointer;
import rdma.memory.Access;

/**
 * What one side of a connection needs, in one small value: the buffer (its size and the
 * {@link Access} it is registered with), the QP's remote access (granted at INIT), the queue
 * capacities, the CQ size, how many RDMA READs may be in flight each way, the completion channel
 * the CQ reports to (chapter 08; null for a polled CQ), and the size of a second, local-only
 * buffer for two-sided messages (chapter 07; 0 for none).
 */
public record EndpointSpec(long bufferSize, int bufferAccess, int qpAccess, QueueCapacity capacity, int cqEntries,
        int rdAtomic, Pointer completionChannel, long messageBytes) {

    /**
     * A buffer of {@code bufferSize} bytes that this side may receive into (LOCAL_WRITE), no
     * remote access, 16 sends and 16 receives, a CQ for all of them, one READ in flight, polled.
     */
    public static EndpointSpec of(long bufferSize) {
        QueueCapacity capacity = QueueCapacity.of(16, 16);
        return new EndpointSpec(bufferSize, Access.IBV_ACCESS_LOCAL_WRITE.value(), 0, capacity,
                capacity.maxSendWr() + capacity.maxRecvWr(), 1, null, 0);
    }

    /** The buffer's registration ({@link Access} bits). */
    public EndpointSpec withBufferAccess(int access) {
        return new EndpointSpec(bufferSize, access, qpAccess, capacity, cqEntries, rdAtomic, completionChannel, messageBytes);
    }

    /** What a peer may do through the QP ({@link Access} bits, set at INIT). */
    public EndpointSpec withQpAccess(int access) {
        return new EndpointSpec(bufferSize, bufferAccess, access, capacity, cqEntries, rdAtomic, completionChannel, messageBytes);
    }

    /** The queue capacities; the CQ is sized for every request of both queues. */
    public EndpointSpec withCapacity(QueueCapacity queues) {
        return new EndpointSpec(bufferSize, bufferAccess, qpAccess, queues, queues.maxSendWr() + queues.maxRecvWr(),
                rdAtomic, completionChannel, messageBytes);
    }

    public EndpointSpec withCqEntries(int entries) {
        return new EndpointSpec(bufferSize, bufferAccess, qpAccess, capacity, entries, rdAtomic, completionChannel, messageBytes);
    }

    /** RDMA READs in flight, each way: max_rd_atomic at RTS and max_dest_rd_atomic at RTR. */
    public EndpointSpec withRdAtomic(int reads) {
        return new EndpointSpec(bufferSize, bufferAccess, qpAccess, capacity, cqEntries, reads, completionChannel, messageBytes);
    }

    /** The {@code struct ibv_comp_channel *} the CQ reports to. */
    public EndpointSpec withCompletionChannel(Pointer channel) {
        return new EndpointSpec(bufferSize, bufferAccess, qpAccess, capacity, cqEntries, rdAtomic, channel, messageBytes);
    }

    /**
     * A second registered buffer of {@code bytes}, LOCAL_WRITE only, for the messages a side
     * sends and receives beside a buffer it grants to its peer: a peer that holds the rkey of
     * one region can reach nothing of the other.
     */
    public EndpointSpec withMessageBuffer(long bytes) {
        return new EndpointSpec(bufferSize, bufferAccess, qpAccess, capacity, cqEntries, rdAtomic, completionChannel, bytes);
    }
}
