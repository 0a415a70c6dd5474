package rdma.queues;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import rdma.devices.VerbsException;

/**
 * An array of {@code struct ibv_wc} in native memory, filled by {@code ibv_poll_cq} and read at
 * fixed offsets. Built once per CQ: polling in a loop creates no Java objects and reads no field
 * by reflection ({@code Structure.read()} would do both, for every completion). Fields are read
 * through a direct {@link ByteBuffer} over the same memory, which the JIT compiles to plain loads;
 * {@code Pointer.getInt} would be a JNI call each time.
 */
public final class Completions {
    static final int WR_ID = ibv_wc.offsetOf("wr_id");
    static final int STATUS = ibv_wc.offsetOf("status");
    static final int OPCODE = ibv_wc.offsetOf("opcode");
    static final int BYTE_LEN = ibv_wc.offsetOf("byte_len");
    static final int QP_NUM = ibv_wc.offsetOf("qp_num");
    static final int SIZE = ibv_wc.sizeOf();

    /** {@code enum ibv_wc_status}. */
    public static final int IBV_WC_SUCCESS = 0;
    public static final int IBV_WC_RNR_RETRY_EXC_ERR = 13;
    /** {@code enum ibv_wc_opcode}. */
    public static final int IBV_WC_SEND = 0;
    public static final int IBV_WC_RECV = 1 << 7;

    private final Memory array;
    private final ByteBuffer view;
    private final DataPath.BoundCall poll;
    private final String name;

    /** Room for {@code entries} completions of {@code cq}; {@code name} says whose CQ in errors. */
    public Completions(CompletionQueue cq, int entries, String name) {
        this.array = new Memory((long) SIZE * entries);
        this.array.clear();
        this.view = array.getByteBuffer(0, array.size()).order(ByteOrder.nativeOrder());
        this.poll = DataPath.ibv_poll_cq(cq.context().pointer(), cq.pointer(), entries, array);
        this.name = name;
    }

    /** An array that nothing polls into, for reading tests. */
    Completions(int entries) {
        this.array = new Memory((long) SIZE * entries);
        this.array.clear();
        this.view = array.getByteBuffer(0, array.size()).order(ByteOrder.nativeOrder());
        this.poll = null;
        this.name = "test";
    }

    /** One {@code ibv_poll_cq}: how many completions arrived (0 when none yet). */
    public int poll() {
        int count = poll.invoke();
        if (count < 0) {
            throw new VerbsException("ibv_poll_cq(" + name + ")", "the provider reported an error (" + count + ")",
                    "The CQ is unusable; destroy it and start again");
        }
        return count;
    }

    /**
     * Polls until at least one completion arrives, for at most {@code timeoutNanos}: a lost
     * message or a dead peer must end in an error, never in a hang.
     */
    public int awaitAny(long timeoutNanos) {
        long deadline = System.nanoTime() + timeoutNanos;
        int count;
        while ((count = poll()) == 0) {
            if (System.nanoTime() - deadline > 0) {
                throw new VerbsException("ibv_poll_cq(" + name + ")", "no completion within "
                        + timeoutNanos / 1_000_000 + " ms", "The message or its acknowledgement was lost:"
                        + " check both QPs reached RTS with each other's QP number and GID");
            }
        }
        return count;
    }

    public long wrId(int index) {
        return view.getLong(index * SIZE + WR_ID);
    }

    public int status(int index) {
        return view.getInt(index * SIZE + STATUS);
    }

    public int opcode(int index) {
        return view.getInt(index * SIZE + OPCODE);
    }

    public int byteLength(int index) {
        return view.getInt(index * SIZE + BYTE_LEN);
    }

    public int qpNum(int index) {
        return view.getInt(index * SIZE + QP_NUM);
    }

    /** Throws, naming the status with {@code ibv_wc_status_str}, unless completion {@code index} succeeded. */
    public void requireSuccess(int index) {
        int status = status(index);
        if (status != IBV_WC_SUCCESS) {
            throw new VerbsException("ibv_poll_cq(" + name + ")", "work request " + wrId(index) + " completed with "
                    + QueueVerbs.ibv_wc_status_str(status) + " (status " + status + ")", hintFor(status));
        }
    }

    static String hintFor(int status) {
        return switch (status) {
            case IBV_WC_RNR_RETRY_EXC_ERR -> "The peer had no receive posted (Receiver Not Ready) and"
                    + " rnr_retry ran out: post receives before the peer sends, or raise rnr_retry (7 retries forever)";
            case 12 -> "No acknowledgement came back (transport retry counter exceeded): the peer is gone,"
                    + " or its address (GID, QP number) is wrong";
            case 5 -> "The QP was flushed: it had already failed or was moved to the error state";
            case 1, 2, 4, 8 -> "A local error: check the lkey, length and access flags of the buffers";
            case 10 -> "The peer refused the access: check the rkey, address and the remote MR's access flags";
            default -> "See ibv_wc_status_str in man ibv_poll_cq";
        };
    }

    /** The native array, for tests. */
    Pointer array() {
        return array;
    }
}
