package rdma.queues.requests;

import com.sun.jna.Pointer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import rdma.memory.MemoryRegion;
import rdma.queues.Completions;
import rdma.queues.DataPath;
import rdma.queues.QueuePair;
import rdma.queues.c.QpState;
import rdma.queues.c.SendFlag;
import rdma.queues.c.WrOpcode;
import rdma.queues.c.ibv_send_wr;
import rdma.support.Layout;
import rdma.support.VerbsException;

/**
 * One {@code struct ibv_send_wr} with its scatter/gather list, laid out once in native memory,
 * changed in place and posted with {@code ibv_post_send} as often as needed: neither setting a
 * field nor posting creates a Java object. Every operation the chapters use goes through it:
 * SEND and SEND_WITH_IMM, RDMA_WRITE and RDMA_WRITE_WITH_IMM (with the peer's address and rkey),
 * RDMA_READ; requests can be chained through {@code next} and posted with one call.
 *
 * <p>{@code ibv_send_wr} holds unions ({@code wr.rdma}, {@code wr.atomic}, {@code wr.ud}); JNA
 * writes only a union's selected member, so this class writes the bytes itself at the offsets
 * {@link Layout} takes from the structure class, which the layout test proves.
 */
public final class SendRequest {
    private static final Layout WR = Layout.of(ibv_send_wr.class);
    private static final int WR_ID = WR.offsetOf("wr_id");
    private static final int NEXT = WR.offsetOf("next");
    private static final int SG_LIST = WR.offsetOf("sg_list");
    private static final int NUM_SGE = WR.offsetOf("num_sge");
    private static final int OPCODE = WR.offsetOf("opcode");
    private static final int SEND_FLAGS = WR.offsetOf("send_flags");
    private static final int IMM_DATA = WR.offsetOf("imm_data");
    private static final int REMOTE_ADDR = WR.offsetOf("wr.rdma.remote_addr");
    private static final int RKEY = WR.offsetOf("wr.rdma.rkey");

    private final RequestMemory memory;
    private final ByteBuffer view;
    private final Pointer wr;
    private final Pointer badWr;
    private final QueuePair qp;
    private final Pointer qpPointer;
    private final DataPath dataPath;
    private final String name;

    /** A request for {@code qp} with room for {@code maxSge} scatter/gather entries; {@code name} says whose in errors. */
    public SendRequest(QueuePair qp, int maxSge, String name) {
        this(qp, maxSge, name, DataPath.of(qp.pd().context()));
    }

    /** The same, posted through {@code dataPath} instead of the context's own {@link DataPath#of}. */
    public SendRequest(QueuePair qp, int maxSge, String name, DataPath dataPath) {
        this.memory = new RequestMemory(WR.size(), SG_LIST, maxSge);
        this.view = memory.view;
        this.wr = memory.wr;
        this.badWr = memory.badWr;
        this.qp = qp;
        this.qpPointer = qp.pointer();
        this.dataPath = dataPath;
        this.name = name;
        sgeCount(maxSge);
    }

    /** {@code wr_id}: comes back in the completion. */
    public SendRequest wrId(long wrId) {
        view.putLong(WR_ID, wrId);
        return this;
    }

    public SendRequest opcode(WrOpcode opcode) {
        view.putInt(OPCODE, opcode.value());
        return this;
    }

    /** {@code send_flags}: the bits of {@link SendFlag}s, such as {@code IBV_SEND_SIGNALED}. */
    public SendRequest sendFlags(int sendFlags) {
        view.putInt(SEND_FLAGS, sendFlags);
        return this;
    }

    /**
     * {@code imm_data} for the WITH_IMM opcodes: 32 bits delivered in the peer's receive completion.
     * C declares it {@code __be32} (a program writes {@code htonl(value)}); this stores
     * {@code value} in network byte order, and the peer's {@link Completions#immData} reads it back.
     */
    public SendRequest immData(int value) {
        view.putInt(IMM_DATA, ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN ? value : Integer.reverseBytes(value));
        return this;
    }

    /** {@code wr.rdma}: the peer's memory that an RDMA WRITE or READ names, by address and rkey. */
    public SendRequest rdma(long remoteAddr, int rkey) {
        view.putLong(REMOTE_ADDR, remoteAddr);
        view.putInt(RKEY, rkey);
        return this;
    }

    /** Scatter/gather entry {@code index}: {@code length} bytes of {@code region} from {@code offset}. */
    public SendRequest sge(int index, MemoryRegion region, long offset, int length) {
        return sge(index, region.address() + offset, length, region.lkey());
    }

    /** Scatter/gather entry {@code index} by address, length and lkey, as {@code struct ibv_sge} has them. */
    public SendRequest sge(int index, long addr, int length, int lkey) {
        memory.sge(index, addr, length, lkey);
        return this;
    }

    /** {@code num_sge}: how many of the entries the request uses (0 for an RDMA WRITE of nothing but immediate data). */
    public SendRequest sgeCount(int count) {
        view.putInt(NUM_SGE, count);
        return this;
    }

    /** {@code next}: the request posted after this one by the same call, or null to end the chain. */
    public SendRequest next(SendRequest next) {
        wr.setPointer(NEXT, next == null ? null : next.wr);
        return this;
    }

    /** The {@code struct ibv_send_wr *}. */
    public Pointer pointer() {
        return wr;
    }

    /** {@code ibv_post_send}: this request and the chain behind it go to the send queue. */
    public void post() {
        int rc = dataPath.ibv_post_send(qpPointer, wr, badWr);
        if (rc != 0) { // the message is built only on failure: posting in a loop allocates nothing
            VerbsException.check(rc, "ibv_post_send(" + name + ")", hintForPostFailure());
        }
    }

    private String hintForPostFailure() {
        int state = qp.queryState();
        if (state != QpState.IBV_QPS_RTS.value()) {
            return "The QP is in " + QpState.name(state) + ": a QP can post sends only in RTS; move it to RTS first";
        }
        return "The send queue may be full (max_send_wr: wait for completions before posting more), or the"
                + " request asks for more than the QP allows (max_send_sge, max_inline_data)";
    }
}
