package rdma.queues;

/**
 * What one side of a reliable connection must learn about the other before RTR: where its port
 * is (LID on InfiniBand, GID on RoCE), which QP, and the first packet sequence number to expect.
 *
 * @param lid the port's LID (0 on RoCE)
 * @param qpn the QP number
 * @param psn the first packet sequence number the QP will send (24 bits)
 * @param gid the 16 raw bytes of the port's GID (all zero when not used)
 */
public record RemoteAddress(int lid, int qpn, int psn, byte[] gid) {
}
