package rdma.queues;

/**
 * {@code struct ibv_qp_cap} as a value: how many work requests each queue of a QP holds at once,
 * how many scatter/gather entries each request may have, and how many bytes a send may carry
 * inline.
 */
public record QueueCapacity(int maxSendWr, int maxRecvWr, int maxSendSge, int maxRecvSge, int maxInlineData) {
    /** One scatter/gather entry per request and no inline data. */
    public static QueueCapacity of(int maxSendWr, int maxRecvWr) {
        return new QueueCapacity(maxSendWr, maxRecvWr, 1, 1, 0);
    }

    public QueueCapacity withInlineData(int bytes) {
        return new QueueCapacity(maxSendWr, maxRecvWr, maxSendSge, maxRecvSge, bytes);
    }

    public QueueCapacity withSge(int sendSge, int recvSge) {
        return new QueueCapacity(maxSendWr, maxRecvWr, sendSge, recvSge, maxInlineData);
    }

    @Override
    public String toString() {
        return "max_send_wr " + maxSendWr + ", max_recv_wr " + maxRecvWr + ", max_send_sge " + maxSendSge
                + ", max_recv_sge " + maxRecvSge + ", max_inline_data " + maxInlineData;
    }
}
