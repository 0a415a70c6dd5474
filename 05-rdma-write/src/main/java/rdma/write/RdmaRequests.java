package rdma.write;

import java.util.function.IntFunction;
import rdma.memory.MemoryRegion;
import rdma.queues.DataPath;
import rdma.queues.QueuePair;
import rdma.queues.c.WrOpcode;
import rdma.queues.requests.SendRequest;

/**
 * The work requests of one RDMA WRITE or READ message of any size. A port moves at most its
 * {@code max_msg_sz} bytes in one work request, so a larger message is split into pieces,
 * chained through {@code next}: posting the first posts them all, in order. Built once, before a
 * loop; the loop only changes the last piece's {@code wr_id} and flags, and posts the first.
 */
public final class RdmaRequests {
    private RdmaRequests() {
    }

    /** How many work requests a message of {@code size} bytes takes, at most {@code maxPiece} bytes each. */
    public static int piecesOf(long size, long maxPiece) {
        return (int) ((size + maxPiece - 1) / maxPiece);
    }

    /**
     * The chain that moves {@code size} bytes between {@code local} (from {@code localOffset}) and
     * the remote bytes at {@code remoteAddress}, unlocked by {@code rkey}: for a WRITE from local to
     * remote, for a READ the other way. Index 0 is the one to post; the last is the one that may
     * ask for a completion.
     */
    public static SendRequest[] chain(QueuePair qp, WrOpcode opcode, MemoryRegion local, long localOffset,
            long remoteAddress, int rkey, int size, long maxPiece, String name) {
        return chain(qp, opcode, local, localOffset, remoteAddress, rkey, size, maxPiece, name, DataPath.of(qp.pd().context()));
    }

    /** The same chain, posted through {@code dataPath} instead of the context's own {@link DataPath#of}. */
    public static SendRequest[] chain(QueuePair qp, WrOpcode opcode, MemoryRegion local, long localOffset,
            long remoteAddress, int rkey, int size, long maxPiece, String name, DataPath dataPath) {
        int pieces = piecesOf(size, maxPiece);
        SendRequest[] chain = new SendRequest[pieces];
        for (int i = pieces - 1; i >= 0; i--) {
            long offset = i * maxPiece;
            int length = (int) Math.min(maxPiece, size - offset);
            chain[i] = new SendRequest(qp, 1, name, dataPath).opcode(opcode).sge(0, local, localOffset + offset, length)
                    .rdma(remoteAddress + offset, rkey).next(i == pieces - 1 ? null : chain[i + 1]);
        }
        return chain;
    }

    /**
     * A post list: {@code count} messages, each the chain {@code message} makes for its index,
     * linked one after another through {@code next}, so that one {@code ibv_post_send} of
     * {@code [0][0]} posts them all in order. The provider library writes them one by one into the
     * send queue and rings the device's doorbell once; where the queue has no room left for one, it
     * returns ENOMEM and points {@code bad_wr} at that one, and the requests before it stay posted.
     */
    public static SendRequest[][] list(int count, IntFunction<SendRequest[]> message) {
        SendRequest[][] list = new SendRequest[count][];
        for (int i = 0; i < count; i++) {
            list[i] = message.apply(i);
            if (i > 0) {
                list[i - 1][list[i - 1].length - 1].next(list[i][0]);
            }
        }
        return list;
    }
}
