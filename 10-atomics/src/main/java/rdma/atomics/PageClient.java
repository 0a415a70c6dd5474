package rdma.atomics;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import rdma.cm.CmEvent;
import rdma.cm.CmId;
import rdma.cm.CmQueuePair;
import rdma.cm.ConnParam;
import rdma.cm.EventChannel;
import rdma.cm.c.CmEventType;
import rdma.devices.DeviceContext;
import rdma.memory.MemoryRegion;
import rdma.memory.ProtectionDomain;
import rdma.memory.c.Access;
import rdma.pingpong.Connection;
import rdma.queues.CompletionQueue;
import rdma.queues.Completions;
import rdma.queues.QueueCapacity;
import rdma.queues.QueuePair;
import rdma.queues.c.SendFlag;
import rdma.queues.c.WrOpcode;
import rdma.queues.requests.SendRequest;
import rdma.support.ResourceStack;
import rdma.support.VerbsException;

/**
 * One client of a {@link SharedPage}: a connection made by the connection manager (chapter 09),
 * the page's grant from the target's reply, and one verb per method, each posted and waited for.
 * Its own memory is four words (where an atomic's original value arrives, where a READ lands,
 * what a WRITE sends, and where a check READs back) and the block the fence's case copies. The requests are made once; each call only
 * rewrites their operands, so a loop of calls allocates nothing.
 */
final class PageClient implements AutoCloseable {
    /** The client's own words, by byte offset. */
    private static final int FETCHED = 0;
    private static final int READ_INTO = 8;
    private static final int WRITE_FROM = 16;
    private static final int CHECKED = 24;
    /** Where a block READ lands, and how long a block is: many packets, so that its answer takes a while. */
    private static final int LANDING = 64;
    static final int BLOCK = 16 * 1024;
    private static final int LOCAL_BYTES = LANDING + BLOCK;
    /** What the READ's word holds before the READ's answer arrives: no word of the target's holds it. */
    private static final long NOT_READ = -1;
    private static final int RESOLVE_TIMEOUT_MS = 2000;
    private static final int CONNECT_TIMEOUT_MS = 20_000;
    /** An RC QP's retries, as chapter 04's: 7 transport retries; 7 RNR retries, for ever. */
    private static final int RETRIES = 7;

    private final ResourceStack resources = new ResourceStack();
    private final EventChannel events;
    private final CmId id;
    private final ByteBuffer local;
    private final SharedPage.Grant grant;
    private final Completions completions;
    private final SendRequest fetchAndAdd;
    private final SendRequest compareAndSwap;
    private final SendRequest read;
    private final SendRequest write;
    private final SendRequest readBlock;
    private final SendRequest forwardBlock;
    private final SendRequest check;

    private PageClient(InetSocketAddress target, InetSocketAddress source) {
        try {
            events = resources.push(EventChannel.create());
            id = resources.push(CmId.create(events));
            String what = "connecting to the target at " + target;
            id.resolveAddress(source, target, RESOLVE_TIMEOUT_MS);
            events.expect(id, CmEventType.RDMA_CM_EVENT_ADDR_RESOLVED, RESOLVE_TIMEOUT_MS + 1000, what);
            id.resolveRoute(RESOLVE_TIMEOUT_MS);
            events.expect(id, CmEventType.RDMA_CM_EVENT_ROUTE_RESOLVED, RESOLVE_TIMEOUT_MS + 1000, what);
            DeviceContext context = id.context();
            ProtectionDomain pd = resources.push(ProtectionDomain.allocate(context));
            // The target's device writes original values and READ data here: LOCAL_WRITE. Nobody reaches it from afar.
            MemoryRegion words = resources.push(MemoryRegion.register(pd, LOCAL_BYTES, Access.IBV_ACCESS_LOCAL_WRITE.value()));
            local = words.buffer().getByteBuffer(0, LOCAL_BYTES).order(ByteOrder.nativeOrder());
            CompletionQueue cq = resources.push(CompletionQueue.create(context, 2));
            QueuePair qp = resources.push(CmQueuePair.create(id, pd, cq, QueueCapacity.of(2, 1))).qp();
            // Initiator depth 1: one READ or atomic in flight, which also makes the target's CM grant READ and atomics.
            id.connect(new ConnParam(0, 1, RETRIES, RETRIES, new byte[0]));
            CmEvent established = events.expect(id, CmEventType.RDMA_CM_EVENT_ESTABLISHED, CONNECT_TIMEOUT_MS, what);
            grant = SharedPage.Grant.of(established.privateData());
            String name = "client " + grant.number();
            completions = new Completions(cq, 2, name);
            int signaled = SendFlag.IBV_SEND_SIGNALED.value();
            fetchAndAdd = AtomicRequest.of(qp, AtomicType.FETCH_AND_ADD, words, FETCHED, grant.address(), grant.rkey(), 0, 0, name)
                    .sendFlags(signaled);
            compareAndSwap = AtomicRequest.of(qp, AtomicType.CMP_AND_SWAP, words, FETCHED, grant.address(), grant.rkey(), 0, 0, name)
                    .sendFlags(signaled);
            read = rdma(qp, WrOpcode.IBV_WR_RDMA_READ, words, READ_INTO, name);
            write = rdma(qp, WrOpcode.IBV_WR_RDMA_WRITE, words, WRITE_FROM, name);
            readBlock = rdma(qp, WrOpcode.IBV_WR_RDMA_READ, words, LANDING, BLOCK, name);
            forwardBlock = rdma(qp, WrOpcode.IBV_WR_RDMA_WRITE, words, LANDING, BLOCK, name);
            check = rdma(qp, WrOpcode.IBV_WR_RDMA_READ, words, CHECKED, name);
        } catch (RuntimeException failure) {
            throw resources.closeAfter(failure);
        }
    }

    /** Connects to the target listening at {@code target}, from {@code source} (an address of this side's device). */
    static PageClient connect(InetSocketAddress target, InetSocketAddress source) {
        return new PageClient(target, source);
    }

    private static SendRequest rdma(QueuePair qp, WrOpcode opcode, MemoryRegion words, int offset, String name) {
        return rdma(qp, opcode, words, offset, Long.BYTES, name);
    }

    private static SendRequest rdma(QueuePair qp, WrOpcode opcode, MemoryRegion words, int offset, int length, String name) {
        return new SendRequest(qp, 1, name).opcode(opcode).sge(0, words, offset, length)
                .sendFlags(SendFlag.IBV_SEND_SIGNALED.value());
    }

    /** The number the target gave this client: 1 for the first it accepted. */
    int number() {
        return grant.number();
    }

    /** FETCH_AND_ADD: the target's word at {@code word} (a byte offset in its page) grows by {@code add}; its value before. */
    long fetchAndAdd(int word, long add) {
        AtomicRequest.aim(fetchAndAdd, grant.address() + word, add, 0).post();
        await(1, "its FETCH_AND_ADD");
        return local.getLong(FETCHED);
    }

    /** CMP_AND_SWAP: the word becomes {@code swap} if it is {@code compare}; its value before, either way. */
    long compareAndSwap(int word, long compare, long swap) {
        AtomicRequest.aim(compareAndSwap, grant.address() + word, compare, swap).post();
        await(1, "its CMP_AND_SWAP");
        return local.getLong(FETCHED);
    }

    /** An RDMA READ of one word: no atomic, the target's device copies it out. */
    long read(int word) {
        read.rdma(grant.address() + word, grant.rkey()).post();
        await(1, "its RDMA READ");
        return local.getLong(READ_INTO);
    }

    /** An RDMA WRITE of one word: no atomic, the target's device copies it in. */
    void write(int word, long value) {
        local.putLong(WRITE_FROM, value);
        write.rdma(grant.address() + word, grant.rkey()).post();
        await(1, "its RDMA WRITE");
    }

    /**
     * An RDMA READ of {@code BLOCK} bytes of the target from {@code from}, and behind it, posted by
     * the same call, an RDMA WRITE that sends the bytes where the READ lands on to {@code to};
     * with {@code fence}, the WRITE carries {@code IBV_SEND_FENCE}. Then a READ of the copy's
     * last word: true when the WRITE carried the block read, false when it carried what was
     * there before the READ's answer was in.
     */
    boolean copyBlock(int from, int to, boolean fence) {
        local.putLong(LANDING + BLOCK - Long.BYTES, NOT_READ);
        int signaled = SendFlag.IBV_SEND_SIGNALED.value();
        forwardBlock.rdma(grant.address() + to, grant.rkey()).sendFlags(fence ? signaled | SendFlag.IBV_SEND_FENCE.value() : signaled);
        readBlock.rdma(grant.address() + from, grant.rkey()).next(forwardBlock);
        readBlock.post(); // one call, two requests: the READ, then the WRITE
        await(2, "its READ and the WRITE behind it");
        check.rdma(grant.address() + to + BLOCK - Long.BYTES, grant.rkey()).post();
        await(1, "its READ of the copy");
        long read = local.getLong(LANDING + BLOCK - Long.BYTES);
        long copied = local.getLong(CHECKED);
        if (copied != read && copied != NOT_READ) {
            throw new VerbsException("client " + number(), "the copy ends with " + copied + ", neither the " + read
                    + " read nor the " + NOT_READ + " from before", "Is another client using its words?");
        }
        return copied == read;
    }

    /** Polls until {@code count} completions arrived, each a success; a stall of {@link Connection#STALL_NANOS} is an error. */
    private void await(int count, String what) {
        for (int arrived = 0; arrived < count; ) {
            int now = completions.awaitAny(Connection.STALL_NANOS);
            if (now == 0) {
                throw new VerbsException("client " + number(), "no completion of " + what + " within "
                        + Connection.STALL_NANOS / 1_000_000_000 + " s", "Is the target still there?");
            }
            for (int i = 0; i < now; i++) {
                completions.requireSuccess(i);
            }
            arrived += now;
        }
    }

    /** {@code rdma_disconnect}, its DISCONNECTED event, then the QP, CQ, MR, PD, identifier and channel. */
    @Override
    public void close() {
        try {
            id.disconnect();
            events.expect(id, CmEventType.RDMA_CM_EVENT_DISCONNECTED, CONNECT_TIMEOUT_MS, "client " + number() + ": disconnecting");
        } catch (RuntimeException failure) {
            throw resources.closeAfter(failure);
        }
        resources.close();
    }
}
