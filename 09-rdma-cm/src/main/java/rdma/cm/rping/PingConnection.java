package rdma.cm.rping;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import rdma.cm.CmEvent;
import rdma.cm.CmFailures;
import rdma.cm.CmId;
import rdma.cm.CmQueuePair;
import rdma.cm.EventChannel;
import rdma.cm.c.CmEventType;
import rdma.devices.DeviceContext;
import rdma.events.CompletionChannel;
import rdma.events.EventWaiter;
import rdma.memory.MemoryRegion;
import rdma.memory.ProtectionDomain;
import rdma.memory.c.Access;
import rdma.pingpong.Connection;
import rdma.queues.CompletionQueue;
import rdma.queues.Completions;
import rdma.queues.QueueCapacity;
import rdma.queues.QueuePair;
import rdma.queues.c.SendFlag;
import rdma.queues.c.WcOpcode;
import rdma.queues.c.WcStatus;
import rdma.queues.c.WrOpcode;
import rdma.queues.requests.ReceiveRequest;
import rdma.queues.requests.SendRequest;
import rdma.support.CEnum;
import rdma.support.ResourceStack;
import rdma.support.VerbsException;

/**
 * One rping connection's verbs objects, made on the identifier's device context as C's
 * {@code rping_setup_qp} and {@code rping_setup_buffers} make them: a PD, a completion channel
 * and a CQ of 32 entries on it (chapter 08), the QP through {@code rdma_create_qp}, and the
 * buffers: 16 bytes to receive adverts and go-aheads, 16 to send them, the buffer the server
 * READs into and WRITEs from (or the client's sink), and on the client the buffer the ping starts
 * in. The receive is posted before the connection is made, so a peer's first SEND finds it.
 */
final class PingConnection implements AutoCloseable {
    /** {@code RPING_SQ_DEPTH}. */
    static final int SEND_QUEUE_DEPTH = 16;
    private static final long SLICE_NANOS = 100_000_000;

    private final ResourceStack resources = new ResourceStack();
    private final CmId id;
    private final EventChannel events;
    private final CmTrace trace;
    private final MemoryRegion receiveRegion;
    private final MemoryRegion sendRegion;
    private final MemoryRegion rdmaRegion;
    private final MemoryRegion startRegion;
    private final ByteBuffer received;
    private final ByteBuffer toSend;
    private final ByteBuffer rdmaBytes;
    private final ByteBuffer startBytes;
    private final CmQueuePair qp;
    private final ReceiveRequest receive;
    private final SendRequest send;
    private final SendRequest rdma;
    private final EventWaiter waiter;
    private final Completions completions;
    private boolean disconnected;

    private PingConnection(CmId id, EventChannel events, int size, boolean client, CmTrace trace) {
        this.id = id;
        this.events = events;
        this.trace = trace;
        try {
            DeviceContext context = id.context();
            ProtectionDomain pd = resources.push(ProtectionDomain.allocate(context));
            CompletionChannel channel = resources.push(CompletionChannel.create(context));
            CompletionQueue cq = resources.push(channel.createCq(2 * SEND_QUEUE_DEPTH));
            waiter = resources.push(new EventWaiter(channel, cq, 0, false));
            completions = new Completions(cq, 1, "rping");
            int remote = CEnum.bits(Access.IBV_ACCESS_LOCAL_WRITE, Access.IBV_ACCESS_REMOTE_READ, Access.IBV_ACCESS_REMOTE_WRITE);
            receiveRegion = resources.push(MemoryRegion.register(pd, Advert.BYTES, Access.IBV_ACCESS_LOCAL_WRITE.value()));
            sendRegion = resources.push(MemoryRegion.register(pd, Advert.BYTES, 0));
            rdmaRegion = resources.push(MemoryRegion.register(pd, size, remote));
            startRegion = client ? resources.push(MemoryRegion.register(pd, size, remote)) : null;
            received = receiveRegion.buffer().getByteBuffer(0, Advert.BYTES);
            toSend = sendRegion.buffer().getByteBuffer(0, Advert.BYTES);
            rdmaBytes = rdmaRegion.buffer().getByteBuffer(0, size);
            startBytes = client ? startRegion.buffer().getByteBuffer(0, size) : null;
            qp = resources.push(CmQueuePair.create(id, pd, cq, QueueCapacity.of(SEND_QUEUE_DEPTH, 2)));
            trace.call("rdma_create_qp", qp.qp());
            receive = new ReceiveRequest(qp.qp(), 1, "rping").sge(0, receiveRegion, 0, Advert.BYTES);
            send = new SendRequest(qp.qp(), 1, "rping").opcode(WrOpcode.IBV_WR_SEND)
                    .sendFlags(SendFlag.IBV_SEND_SIGNALED.value()).sge(0, sendRegion, 0, Advert.BYTES);
            rdma = new SendRequest(qp.qp(), 1, "rping").sendFlags(SendFlag.IBV_SEND_SIGNALED.value());
            receive.post();
        } catch (RuntimeException failed) {
            throw resources.closeAfter(failed);
        } catch (Error failed) {
            throw resources.closeAfter(failed);
        }
    }

    /** The verbs objects for a connection on {@code id}, whose address is resolved (client) or which a request made (server). */
    static PingConnection setUp(CmId id, EventChannel events, int size, boolean client, CmTrace trace) {
        return new PingConnection(id, events, size, client, trace);
    }

    QueuePair qp() {
        return qp.qp();
    }

    MemoryRegion rdmaRegion() {
        return rdmaRegion;
    }

    MemoryRegion startRegion() {
        return startRegion;
    }

    /** Sends the advert of {@code region}'s first {@code length} bytes (a SEND the peer's posted receive takes). */
    void sendAdvert(MemoryRegion region, int length) {
        new Advert(region.address(), region.rkey(), length).writeTo(toSend);
        send.post();
    }

    /** Sends a go-ahead: 16 bytes as the advert's, which the client only counts (C sends its unused send buffer). */
    void sendGoAhead() {
        send.post();
    }

    /** The advert (or go-ahead) the last receive brought. */
    Advert receivedAdvert() {
        return Advert.readFrom(received);
    }

    /** Posts an RDMA READ of the peer's advertised buffer into this side's rdma buffer. */
    void read(Advert remote) {
        rdma.opcode(WrOpcode.IBV_WR_RDMA_READ).rdma(remote.address(), remote.rkey()).sge(0, rdmaRegion, 0, remote.size()).post();
    }

    /** Posts an RDMA WRITE of this side's rdma buffer's first {@code length} bytes into the peer's advertised buffer. */
    void write(Advert remote, int length) {
        rdma.opcode(WrOpcode.IBV_WR_RDMA_WRITE).rdma(remote.address(), remote.rkey()).sge(0, rdmaRegion, 0, length).post();
    }

    /**
     * Until the completion of {@code expected} arrives, one at a time as C's CQ thread takes
     * them: a SEND's completion only counts, a receive is checked (16 bytes) and its buffer posted
     * again. Between waits the CM's events are looked at, so that a peer that disconnected (or
     * died: its kernel disconnects it) ends the wait at once; so does nothing happening for
     * chapter 04's stall bound. A failed completion is named with {@code ibv_wc_status_str}.
     */
    void await(WcOpcode expected, String what) {
        long lastProgress = System.nanoTime();
        while (true) {
            if (waiter.await(completions, SLICE_NANOS) == 1) {
                lastProgress = System.nanoTime();
                if (completions.status(0) != WcStatus.IBV_WC_SUCCESS.value()) {
                    throw failure(what, completions.failed(0));
                }
                int opcode = completions.opcode(0);
                if (opcode == WcOpcode.IBV_WC_RECV.value()) {
                    requireAdvertSize(completions.byteLength(0));
                    receive.post();
                }
                if (opcode == expected.value()) {
                    return;
                }
            } else {
                peerDisconnected().ifPresent(gone -> {
                    throw CmFailures.of(gone, what);
                });
                if (System.nanoTime() - lastProgress > Connection.STALL_NANOS) {
                    throw new VerbsException(what, "nothing happened for " + Connection.STALL_NANOS / 1_000_000_000 + " s",
                            "Is the peer stuck? Look at its output");
                }
            }
        }
    }

    /** The peer's DISCONNECTED, if it came; other events of this identifier are traced. Never waits. */
    Optional<CmEvent> peerDisconnected() {
        if (disconnected) {
            return Optional.empty();
        }
        Optional<CmEvent> event = events.next(id, 0);
        event.ifPresent(seen -> trace.event(seen, qp()));
        if (event.isPresent() && event.get().is(CmEventType.RDMA_CM_EVENT_DISCONNECTED)) {
            disconnected = true;
            return event;
        }
        return Optional.empty();
    }

    /** A failed completion, or, when the peer is the reason (its disconnect flushed this side's requests), that. */
    private VerbsException failure(String what, VerbsException completion) {
        Optional<CmEvent> gone = peerDisconnected();
        if (gone.isPresent()) {
            VerbsException peer = CmFailures.of(gone.get(), what);
            peer.addSuppressed(completion);
            return peer;
        }
        return completion;
    }

    private void requireAdvertSize(int bytes) {
        if (bytes != Advert.BYTES) {
            throw new VerbsException("rping", "received bogus data: " + bytes + " bytes where rping's advert has "
                    + Advert.BYTES, "Is the peer an rping?");
        }
    }

    /** The client's ping: the buffer the server READs, then compares with what it WRITEs back. */
    ByteBuffer startBytes() {
        return startBytes;
    }

    /** This side's rdma buffer: where the server READs into and WRITEs from, the client's sink. */
    ByteBuffer rdmaBytes() {
        return rdmaBytes;
    }

    /** C's {@code strlen} of the text at the start of {@code bytes}, at most its length. */
    static int textLength(ByteBuffer bytes) {
        int end = 0;
        while (end < bytes.limit() && bytes.get(end) != 0) {
            end++;
        }
        return end;
    }

    /** The NUL-terminated text at the start of {@code bytes}: what rping prints of a ping. */
    static String text(ByteBuffer bytes) {
        byte[] text = new byte[textLength(bytes)];
        bytes.get(0, text);
        return new String(text, StandardCharsets.US_ASCII);
    }

    /**
     * {@code rdma_disconnect}, unless the peer already did (then too: the QP must go to ERR before
     * it is destroyed, and the CM must know), and the DISCONNECTED event that follows, within a
     * second. Whether this side saw the peer's.
     */
    boolean disconnect() {
        try {
            id.disconnect();
        } catch (VerbsException notConnected) {
            if (!disconnected) { // after the peer's disconnect the QP is moved to ERR all the same
                throw notConnected;
            }
        }
        trace.call("rdma_disconnect", qp());
        if (!disconnected) {
            events.next(id, 1000).ifPresent(event -> {
                trace.event(event, qp());
                disconnected = event.is(CmEventType.RDMA_CM_EVENT_DISCONNECTED);
            });
        }
        return disconnected;
    }

    /** Until the peer's DISCONNECTED, at most {@code timeoutMillis}; any other event is an error. */
    void awaitPeerDisconnect(long timeoutMillis, String what) {
        trace.event(events.expect(id, CmEventType.RDMA_CM_EVENT_DISCONNECTED, timeoutMillis, what), qp());
        disconnected = true;
    }

    boolean peerHasDisconnected() {
        return disconnected;
    }

    @Override
    public void close() {
        resources.close();
    }
}
