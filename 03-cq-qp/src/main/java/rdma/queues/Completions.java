package rdma.queues;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import rdma.queues.c.WcFlag;
import rdma.queues.c.WcOpcode;
import rdma.queues.c.WcStatus;
import rdma.queues.c.ibv_wc;
import rdma.support.Layout;
import rdma.support.VerbsException;

/**
 * An array of {@code struct ibv_wc} in native memory, filled by {@code ibv_poll_cq} and read at
 * fixed offsets. Built once per CQ: polling in a loop creates no Java objects and reads no field
 * by reflection ({@code Structure.read()} would do both, for every completion). Fields are read
 * through a direct {@link ByteBuffer} over the same memory, which the JIT compiles to plain loads;
 * {@code Pointer.getInt} would be a JNI call each time.
 */
public final class Completions {
    private static final Layout WC = Layout.of(ibv_wc.class);
    static final int SIZE = WC.size();
    private static final int WR_ID = WC.offsetOf("wr_id");
    private static final int STATUS = WC.offsetOf("status");
    private static final int OPCODE = WC.offsetOf("opcode");
    private static final int VENDOR_ERR = WC.offsetOf("vendor_err");
    private static final int BYTE_LEN = WC.offsetOf("byte_len");
    private static final int IMM_DATA = WC.offsetOf("imm_data");
    private static final int QP_NUM = WC.offsetOf("qp_num");
    private static final int SRC_QP = WC.offsetOf("src_qp");
    private static final int WC_FLAGS = WC.offsetOf("wc_flags");
    private static final int PKEY_INDEX = WC.offsetOf("pkey_index");
    private static final int SLID = WC.offsetOf("slid");
    private static final int SL = WC.offsetOf("sl");
    private static final int DLID_PATH_BITS = WC.offsetOf("dlid_path_bits");

    /** How many empty polls {@link #awaitAny} makes between two looks at the clock: a power of two. */
    static final int CLOCK_EVERY_POLLS = 256;

    private final Memory array;
    private final ByteBuffer view;
    private final int capacity;
    private final DataPath dataPath;
    private final Pointer cq;
    private final String name;

    /** Room for {@code capacity} completions of {@code cq}; {@code name} says whose CQ in errors. */
    public Completions(CompletionQueue cq, int capacity, String name) {
        this(DataPath.of(cq.context()), cq.pointer(), capacity, name);
    }

    /** The same, polled through {@code dataPath} instead of the context's own {@link DataPath#of}. */
    public Completions(CompletionQueue cq, int capacity, String name, DataPath dataPath) {
        this(dataPath, cq.pointer(), capacity, name);
    }

    /** Over a CQ given by its pointer and data path (tests plant fakes here). */
    Completions(DataPath dataPath, Pointer cq, int capacity, String name) {
        this.array = new Memory((long) SIZE * capacity);
        this.array.clear();
        this.view = array.getByteBuffer(0, array.size()).order(ByteOrder.nativeOrder());
        this.capacity = capacity;
        this.dataPath = dataPath;
        this.cq = cq;
        this.name = name;
    }

    public int capacity() {
        return capacity;
    }

    /** One {@code ibv_poll_cq}: how many completions arrived (0 when none yet). */
    public int poll() {
        int count = dataPath.ibv_poll_cq(cq, capacity, array);
        if (count < 0) {
            throw new VerbsException("ibv_poll_cq(" + name + ")", "the provider reported an error (" + count + ")",
                    "The CQ is unusable; destroy it and start again");
        }
        return count;
    }

    /**
     * Polls until at least one completion arrives, for {@code timeoutNanos} (counted from the
     * first look at the clock, {@link #CLOCK_EVERY_POLLS} polls in): how many arrived, or 0 when
     * none did in time. Busy polling: the thread spins, which is the lowest
     * latency and costs a whole core (chapter 08 sleeps on a completion channel instead).
     */
    public int awaitAny(long timeoutNanos) {
        int count;
        long emptyPolls = 0;
        long deadline = 0;
        while ((count = poll()) == 0) {
            // The clock only now and then: where reading it is a system call, it costs more than a poll.
            if ((++emptyPolls & (CLOCK_EVERY_POLLS - 1)) == 0) {
                long now = System.nanoTime();
                if (emptyPolls == CLOCK_EVERY_POLLS) {
                    deadline = now + timeoutNanos; // the first look starts the clock: a short wait never reads it
                } else if (now - deadline > 0) {
                    return 0;
                }
            }
        }
        return count;
    }

    /** {@code wr_id}: what the work request's owner put there. */
    public long wrId(int index) {
        return view.getLong(index * SIZE + WR_ID);
    }

    /** {@code status}: see {@link WcStatus}. */
    public int status(int index) {
        return view.getInt(index * SIZE + STATUS);
    }

    /** {@code opcode}: see {@link WcOpcode}. */
    public int opcode(int index) {
        return view.getInt(index * SIZE + OPCODE);
    }

    /** {@code vendor_err}: the device's own error code, for its vendor's documentation. */
    public int vendorErr(int index) {
        return view.getInt(index * SIZE + VENDOR_ERR);
    }

    /** {@code byte_len}: for receives, how many bytes arrived. */
    public int byteLength(int index) {
        return view.getInt(index * SIZE + BYTE_LEN);
    }

    /**
     * {@code imm_data}, which C declares {@code __be32}: the 32 bits travel in network byte order,
     * and this returns the number the sender put in its work request (C's {@code ntohl}). Valid
     * when {@link WcFlag#IBV_WC_WITH_IMM} is set in {@link #wcFlags}.
     */
    public int immData(int index) {
        int asStored = view.getInt(index * SIZE + IMM_DATA);
        return ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN ? asStored : Integer.reverseBytes(asStored);
    }

    /** {@code qp_num}: the local QP the completion belongs to. */
    public int qpNum(int index) {
        return view.getInt(index * SIZE + QP_NUM);
    }

    /** {@code src_qp}: the remote QP a receive came from (UD). */
    public int srcQp(int index) {
        return view.getInt(index * SIZE + SRC_QP);
    }

    /** {@code wc_flags}: see {@link WcFlag}. */
    public int wcFlags(int index) {
        return view.getInt(index * SIZE + WC_FLAGS);
    }

    public int pkeyIndex(int index) {
        return Short.toUnsignedInt(view.getShort(index * SIZE + PKEY_INDEX));
    }

    public int slid(int index) {
        return Short.toUnsignedInt(view.getShort(index * SIZE + SLID));
    }

    public int sl(int index) {
        return Byte.toUnsignedInt(view.get(index * SIZE + SL));
    }

    public int dlidPathBits(int index) {
        return Byte.toUnsignedInt(view.get(index * SIZE + DLID_PATH_BITS));
    }

    /** Throws, naming the status with {@code ibv_wc_status_str}, unless completion {@code index} succeeded. */
    public void requireSuccess(int index) {
        int status = status(index);
        if (status != WcStatus.IBV_WC_SUCCESS.value()) {
            throw failed(index);
        }
    }

    /** The error for failed completion {@code index}: its work request, status text and hint. */
    public VerbsException failed(int index) {
        int status = status(index);
        return new VerbsException("ibv_poll_cq(" + name + ")", "work request " + wrId(index) + " completed with "
                + QueueVerbs.ibv_wc_status_str(status) + " (status " + status + ")", WcStatus.hintFor(status));
    }
}
