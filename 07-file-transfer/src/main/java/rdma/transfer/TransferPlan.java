package rdma.transfer;

import java.util.function.Function;
import rdma.devices.Port;
import rdma.memory.c.Access;
import rdma.pingpong.Connection;
import rdma.pingpong.waiting.Waiting;
import rdma.queues.EndpointSpec;
import rdma.queues.QueueCapacity;
import rdma.support.CEnum;
import rdma.support.VerbsException;
import rdma.write.RdmaExchange;
import rdma.write.RdmaPeer;
import rdma.write.RemoteBuffer;

/**
 * What each side registers and grants. The receiver's ring, {@code depth} slots of a chunk,
 * allows REMOTE_WRITE, and its rkey is all the receiver hands out (chapter 05's exchange); the
 * control messages live in a second region that allows no remote access. The sender's ring
 * allows nothing beyond local reads (its NIC only reads it) and it grants nothing. Receives: one
 * per slot (each chunk's WRITE WITH IMMEDIATE consumes one) and a few for control messages.
 */
final class TransferPlan {
    /** Receives beyond one per slot: FILE, END, BYE or ABORT may be on their way while the ring is full. */
    static final int CONTROL_RECEIVES = 4;

    private TransferPlan() {
    }

    static Connection.Plan<RdmaPeer> of(TransferOptions options, Waiting waiting, boolean receiver) {
        int depth = options.depth;
        int chunk = options.chunkSize();
        Function<Port, EndpointSpec> spec = port -> {
            if (chunk > port.maxMessageSize()) {
                throw new VerbsException("--chunk " + chunk, "above the largest message of " + port.name() + ", max_msg_sz "
                        + port.maxMessageSize(), "Pass --chunk " + port.maxMessageSize() + " or less");
            }
            int sends = receiver ? TransferLink.SEND_SLOTS : depth + TransferLink.SEND_SLOTS;
            return EndpointSpec.of((long) depth * chunk)
                    .withBufferAccess(receiver ? CEnum.bits(Access.IBV_ACCESS_LOCAL_WRITE, Access.IBV_ACCESS_REMOTE_WRITE) : 0)
                    .withQpAccess(receiver ? CEnum.bits(Access.IBV_ACCESS_REMOTE_WRITE) : 0)
                    .withCapacity(QueueCapacity.of(sends, receives(depth)));
        };
        RdmaExchange exchange = new RdmaExchange(local -> receiver ? RemoteBuffer.of(local.buffer()) : RemoteBuffer.NONE);
        return new Connection.Plan<>(options.connection, spec, waiting, exchange);
    }

    static int receives(int depth) {
        return depth + CONTROL_RECEIVES;
    }

    /** The link of {@code connection}, its message region registered and its receives posted: ready for the exchange. */
    static TransferLink link(Connection<RdmaPeer> connection, TransferOptions options, boolean receiver) {
        TransferLink link = new TransferLink(connection, options.chunkSize(), options.depth, receives(options.depth),
                receiver ? "receiver" : "sender");
        link.postReceives();
        return link;
    }
}
