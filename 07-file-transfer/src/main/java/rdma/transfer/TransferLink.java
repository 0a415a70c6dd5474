package rdma.transfer;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import rdma.memory.MemoryRegion;
import rdma.memory.c.Access;
import rdma.pingpong.Connection;
import rdma.queues.Completions;
import rdma.queues.QueuePair;
import rdma.queues.c.SendFlag;
import rdma.queues.c.WcOpcode;
import rdma.queues.c.WrOpcode;
import rdma.queues.requests.ReceiveRequest;
import rdma.queues.requests.SendRequest;
import rdma.support.CEnum;
import rdma.support.VerbsException;
import rdma.write.session.PeerWatch;
import rdma.write.session.Waits;

/**
 * One side's RDMA plumbing for the file transfer, over a {@link Connection}: the data ring (the
 * endpoint's buffer), the message slots (a second region, registered here: sends first, then
 * receives), the work requests for all of them, made once, and the one loop that takes
 * completions and says what each one was. Neither the chunk path nor a CREDIT creates an object.
 *
 * <p>Every receive is posted into its own message slot and posted again as soon as its
 * completion is read: a control message is copied out of the slot first, and a WRITE WITH
 * IMMEDIATE leaves the slot untouched (its bytes went to the data ring). A control SEND's slot is
 * free again when its completion arrives; those completions are taken as they come, so that a
 * side waiting for a free send slot never has to skip past the events its caller is waiting for.
 */
public final class TransferLink {
    /** Control SENDs this side may have unacknowledged at once. */
    static final int SEND_SLOTS = 16;

    // wr_id: what the request was, in bits 32 and up; its slot below.
    private static final long DATA = 1L << 32;
    private static final long SEND = 2L << 32;
    private static final long RECEIVE = 3L << 32;
    private static final long SLOT = 0xffff_ffffL;

    /** {@link #next} found a data WRITE of this side completed: {@link #slot()} is free again. */
    public static final int DATA_WRITTEN = 1;
    /** {@link #next} found a WRITE WITH IMMEDIATE of the peer landed: {@link #imm()} numbers it. */
    public static final int DATA_ARRIVED = 2;
    /** {@link #next} found a CREDIT: {@link #credits()} slots of the peer's ring are free. */
    public static final int CREDITED = 3;
    /** {@link #next} found any other control message: {@link #message()}. */
    public static final int MESSAGE = 4;

    private final Connection<?> connection;
    private final String side;
    private Waits waits;
    private final QueuePair qp;
    private final MemoryRegion data;
    private final MemoryRegion messages;
    private final int chunkSize;
    private final int dataSlots;
    private final ByteBuffer[] chunkViews;
    private final ByteBuffer[] messageViews;
    private final SendRequest[] sends;
    private final ReceiveRequest[] receives;
    private final int receiveSlots;
    private final SendRequest dataWrite;
    private int freeSendSlots = SEND_SLOTS;
    private int nextSendSlot;

    // The completions read but not yet handed out, in arrival order: their fields, in a ring.
    private final long[] pendingWrId;
    private final int[] pendingOpcode;
    private final int[] pendingLength;
    private final int[] pendingImm;
    private int pendingHead;
    private int pendingCount;

    // What the last event of next() was about.
    private int slot;
    private int imm;
    private int credits;
    private Control message;

    /**
     * The bytes of message buffer a side with {@code receiveSlots} receives needs: {@link #SEND_SLOTS}
     * slots to send from, then one slot per receive, each {@link Control#MAX_SIZE} bytes.
     */
    public static long messageBytes(int receiveSlots) {
        return (long) (SEND_SLOTS + receiveSlots) * Control.MAX_SIZE;
    }

    /**
     * The link of {@code connection}, whose buffer holds {@code dataSlots} chunks of
     * {@code chunkSize} bytes, with {@code receiveSlots} receives for control messages and chunks.
     * {@code side} names this side in errors.
     */
    public TransferLink(Connection<?> connection, int chunkSize, int dataSlots, int receiveSlots, String side) {
        this.connection = connection;
        this.side = side;
        this.qp = connection.endpoint().qp();
        this.data = connection.endpoint().buffer();
        // The messages get a region of their own, which allows no remote access: the peer holds the
        // rkey of the data ring only, and can reach nothing of this one.
        this.messages = connection.endpoint().register(messageBytes(receiveSlots), CEnum.bits(Access.IBV_ACCESS_LOCAL_WRITE));
        this.chunkSize = chunkSize;
        this.dataSlots = dataSlots;
        this.receiveSlots = receiveSlots;
        this.chunkViews = new ByteBuffer[dataSlots];
        for (int i = 0; i < dataSlots; i++) {
            chunkViews[i] = data.buffer().getByteBuffer((long) i * chunkSize, chunkSize);
        }
        this.messageViews = new ByteBuffer[SEND_SLOTS + receiveSlots];
        for (int i = 0; i < messageViews.length; i++) {
            messageViews[i] = messages.buffer().getByteBuffer((long) i * Control.MAX_SIZE, Control.MAX_SIZE)
                    .order(ByteOrder.BIG_ENDIAN);
        }
        this.sends = new SendRequest[SEND_SLOTS];
        for (int i = 0; i < SEND_SLOTS; i++) {
            sends[i] = new SendRequest(qp, 1, side).opcode(WrOpcode.IBV_WR_SEND).wrId(SEND | i)
                    .sendFlags(SendFlag.IBV_SEND_SIGNALED.value());
        }
        this.receives = new ReceiveRequest[receiveSlots];
        for (int i = 0; i < receiveSlots; i++) {
            receives[i] = new ReceiveRequest(qp, 1, side).wrId(RECEIVE | i)
                    .sge(0, messages, (long) (SEND_SLOTS + i) * Control.MAX_SIZE, Control.MAX_SIZE);
        }
        this.dataWrite = new SendRequest(qp, 1, side).opcode(WrOpcode.IBV_WR_RDMA_WRITE_WITH_IMM)
                .sendFlags(SendFlag.IBV_SEND_SIGNALED.value());
        int cqEntries = connection.endpoint().spec().cqEntries();
        this.pendingWrId = new long[cqEntries];
        this.pendingOpcode = new int[cqEntries];
        this.pendingLength = new int[cqEntries];
        this.pendingImm = new int[cqEntries];
    }

    /** Posts every receive: before the exchange, so that the peer may send as soon as it is connected. */
    public void postReceives() {
        for (ReceiveRequest receive : receives) {
            receive.post();
        }
    }

    /**
     * Once the exchange connected this side: its waits end with an error when {@code watch} sees
     * the peer's process gone, or when nothing happens for longer than a window of chunks takes.
     */
    public void connected(PeerWatch<?> watch) {
        this.waits = new Waits(connection, watch, side, dataSlots, chunkSize);
    }

    public int chunkSize() {
        return chunkSize;
    }

    public int dataSlots() {
        return dataSlots;
    }

    /** The bytes of data slot {@code index}, a view made once: position 0, limit the chunk size. */
    public ByteBuffer chunk(int index) {
        ByteBuffer view = chunkViews[index];
        view.clear();
        return view;
    }

    /** How long {@link #next} waits with nothing happening before it gives up. */
    public void patience(long nanos) {
        waits.patience(nanos);
    }

    // ---------------------------------------------------------------------------------------------
    // Sending

    /**
     * RDMA WRITE WITH IMMEDIATE: {@code length} bytes of data slot {@code localSlot} to
     * {@code remoteAddress} in the peer's ring, with {@code immData} for the peer's receive.
     * Signaled: its completion frees the slot.
     */
    public void writeChunk(int localSlot, int length, long remoteAddress, int rkey, int immData) {
        dataWrite.wrId(DATA | localSlot).sge(0, data, (long) localSlot * chunkSize, length).rdma(remoteAddress, rkey)
                .immData(immData).post();
    }

    /** Sends {@code message} from a free send slot, first waiting for one if all are in flight. */
    public void send(Control message) {
        post(Control.encode(message, takeSendSlot()));
    }

    /** Sends a CREDIT without creating an object. */
    public void sendCredit(int count) {
        post(Control.encodeCredit(takeSendSlot(), count));
    }

    /**
     * Waits until every control SEND of this side completed: a side that closes its QP right
     * after its last message must know the message left it first.
     */
    public void awaitSendsCompleted(String what) {
        while (freeSendSlots < SEND_SLOTS) {
            fill(what);
        }
    }

    private ByteBuffer takeSendSlot() {
        while (freeSendSlots == 0) {
            fill("a free send slot (the peer acknowledges nothing)");
        }
        return messageViews[nextSendSlot];
    }

    private void post(int length) {
        int index = nextSendSlot;
        sends[index].sge(0, messages, (long) index * Control.MAX_SIZE, length).post();
        freeSendSlots--;
        nextSendSlot = (nextSendSlot + 1) % SEND_SLOTS;
    }

    // ---------------------------------------------------------------------------------------------
    // Taking completions

    /**
     * The next event, waiting for it if there is none: {@link #DATA_WRITTEN},
     * {@link #DATA_ARRIVED}, {@link #CREDITED} or {@link #MESSAGE}. {@code what} says what the
     * caller waits for, in the error when nothing comes.
     */
    public int next(String what) {
        while (pendingCount == 0) {
            fill(what);
        }
        int at = pendingHead;
        pendingHead = (pendingHead + 1) % pendingWrId.length;
        pendingCount--;
        long wrId = pendingWrId[at];
        int index = (int) (wrId & SLOT);
        if ((wrId & ~SLOT) == DATA) {
            slot = index;
            return DATA_WRITTEN;
        }
        int opcode = pendingOpcode[at];
        if (opcode == WcOpcode.IBV_WC_RECV_RDMA_WITH_IMM.value()) {
            imm = pendingImm[at];
            receives[index].post();
            return DATA_ARRIVED;
        }
        ByteBuffer view = messageViews[SEND_SLOTS + index];
        int length = pendingLength[at];
        try {
            if (Control.typeOf(view, length) == Control.CREDIT) {
                credits = Control.creditOf(view, length);
                return CREDITED;
            }
            message = Control.decode(view, length);
            return MESSAGE;
        } catch (Control.MalformedControlException malformed) {
            throw new VerbsException(side + ": the file transfer protocol", "a malformed control message arrived: "
                    + malformed.getMessage(), "Is the peer 07-file-transfer, of the same version?", malformed);
        } finally {
            receives[index].post(); // the message was copied out of its slot
        }
    }

    public int slot() {
        return slot;
    }

    public int imm() {
        return imm;
    }

    public int credits() {
        return credits;
    }

    public Control message() {
        return message;
    }

    /**
     * Waits for completions ({@link Waits}: an error when the peer is gone or nothing happens
     * for too long) and reads them: SEND completions free their slots at once, the rest join the
     * pending events. A failed completion is an error, with its status, or the peer's end that caused it.
     */
    private void fill(String what) {
        int count = waits.awaitCompletions(what);
        Completions completions = waits.completions();
        for (int i = 0; i < count; i++) {
            waits.requireSuccess(i, what);
            long wrId = completions.wrId(i);
            if ((wrId & ~SLOT) == SEND) {
                freeSendSlots++;
                continue;
            }
            int at = (pendingHead + pendingCount) % pendingWrId.length;
            pendingWrId[at] = wrId;
            pendingOpcode[at] = completions.opcode(i);
            pendingLength[at] = completions.byteLength(i);
            pendingImm[at] = completions.immData(i);
            pendingCount++;
        }
    }
}
