package rdma.atomics;

import rdma.memory.MemoryRegion;
import rdma.queues.QueuePair;
import rdma.queues.c.ibv_send_wr;
import rdma.queues.requests.SendRequest;
import rdma.support.Layout;
import rdma.support.VerbsException;

/**
 * A work request for one atomic operation: chapter 03's {@link SendRequest} with the union member
 * {@code wr.atomic} filled in ({@code remote_addr}, {@code compare_add}, {@code swap},
 * {@code rkey}) at the offsets chapter 03's layout test proves, and one scatter/gather entry of 8
 * bytes, where the target's device returns the word's original value. A word that is not 8-byte
 * aligned is refused here, before a post, with the rule named.
 */
public final class AtomicRequest {
    private static final Layout WR = Layout.of(ibv_send_wr.class);
    private static final int REMOTE_ADDR = WR.offsetOf("wr.atomic.remote_addr");
    private static final int COMPARE_ADD = WR.offsetOf("wr.atomic.compare_add");
    private static final int SWAP = WR.offsetOf("wr.atomic.swap");
    private static final int RKEY = WR.offsetOf("wr.atomic.rkey");

    /** An atomic operates on this many bytes, and only at an address that is a multiple of it. */
    public static final int WORD = Long.BYTES;

    private AtomicRequest() {
    }

    /**
     * {@code type} on the word at {@code remoteAddr} of the peer, unlocked by {@code rkey}, its
     * original value returned into {@code local} at {@code localOffset}: FETCH_AND_ADD adds
     * {@code compareAdd}; CMP_AND_SWAP writes {@code swap} where the word equals {@code compareAdd}.
     */
    public static SendRequest of(QueuePair qp, AtomicType type, MemoryRegion local, long localOffset, long remoteAddr, int rkey,
            long compareAdd, long swap, String name) {
        SendRequest request = new SendRequest(qp, 1, name).opcode(type.opcode()).sge(0, local, localOffset, WORD);
        request.pointer().setInt(RKEY, rkey);
        return aim(request, remoteAddr, compareAdd, swap);
    }

    /**
     * The same request, made again for another word or other operands: {@code wr.atomic} is
     * rewritten in place, so that a loop that changes them allocates nothing.
     */
    public static SendRequest aim(SendRequest request, long remoteAddr, long compareAdd, long swap) {
        if (remoteAddr % WORD != 0) {
            throw new VerbsException("the atomic's word at 0x" + Long.toHexString(remoteAddr), "it is not 8-byte aligned, and an"
                    + " atomic operates only on an aligned word (soft-RoCE's ibv_post_send refuses it with EINVAL)",
                    "Name the peer's buffer address plus a multiple of 8");
        }
        request.pointer().setLong(REMOTE_ADDR, remoteAddr);
        request.pointer().setLong(COMPARE_ADD, compareAdd);
        request.pointer().setLong(SWAP, swap);
        return request;
    }
}
