package rdma.atomics;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import rdma.cm.CmEvent;
import rdma.cm.CmFailures;
import rdma.cm.CmId;
import rdma.cm.CmQueuePair;
import rdma.cm.ConnParam;
import rdma.cm.EventChannel;
import rdma.cm.c.CmEventType;
import rdma.memory.MemoryRegion;
import rdma.memory.ProtectionDomain;
import rdma.memory.c.Access;
import rdma.queues.CompletionQueue;
import rdma.queues.QueueCapacity;
import rdma.support.CEnum;
import rdma.support.ResourceStack;
import rdma.support.VerbsException;

/**
 * The target of chapter 10's shared counter and lock: one page of memory, registered once, which
 * every client reaches. The connection manager (chapter 09) listens for the clients and gives
 * each a QP of its own, and every QP is made in the one PD of the page: a memory region belongs to
 * a PD, not to a QP, so one MR and its one rkey serve them all. The reply to each connection
 * request carries what a client needs as private data ({@link Grant}): no other exchange.
 */
final class SharedPage implements AutoCloseable {
    static final int BYTES = 48 * 1024;
    /** How long the target waits for each client to connect, and each connection to be established. */
    private static final int CONNECT_TIMEOUT_MS = 30_000;
    private static final int BACKLOG = 16;
    private static final long LOOK_MS = 100;

    /** What the target's reply to a connection request carries: the page's address and rkey, and the client's number. */
    record Grant(long address, int rkey, int number) {
        static final int BYTES = Long.BYTES + 2 * Integer.BYTES;

        byte[] bytes() {
            return ByteBuffer.allocate(BYTES).putLong(address).putInt(rkey).putInt(number).array();
        }

        static Grant of(byte[] privateData) {
            // The CM pads private data with zeros to its room for it: the grant is the first 16 bytes.
            if (privateData.length < BYTES) {
                throw new VerbsException("the target's reply", "its private data holds " + privateData.length + " bytes, not the "
                        + BYTES + " of a grant", "Connect to a target of this chapter's shared counter (10-atomics)");
            }
            ByteBuffer data = ByteBuffer.wrap(privateData);
            return new Grant(data.getLong(), data.getInt(), data.getInt());
        }
    }

    private final ResourceStack resources = new ResourceStack();
    private final List<CmId> clients = new ArrayList<>();
    private final EventChannel events;
    private final CmId listener;
    private final ProtectionDomain pd;
    private final MemoryRegion page;
    private final CompletionQueue cq;

    private SharedPage(InetSocketAddress address) {
        try {
            events = resources.push(EventChannel.create());
            listener = resources.push(CmId.create(events));
            listener.bind(address);
            listener.listen(BACKLOG);
            // Bound to an address of a device, the listener knows its context: the page is made there, before any client.
            pd = resources.push(ProtectionDomain.allocate(listener.context()));
            int access = CEnum.bits(Access.IBV_ACCESS_LOCAL_WRITE, Access.IBV_ACCESS_REMOTE_READ, Access.IBV_ACCESS_REMOTE_WRITE,
                    Access.IBV_ACCESS_REMOTE_ATOMIC);
            page = resources.push(MemoryRegion.register(pd, BYTES, access));
            page.buffer().clear(BYTES);
            // No QP of the target posts anything; a QP still needs a CQ, and one serves them all.
            cq = resources.push(CompletionQueue.create(listener.context(), 1));
        } catch (RuntimeException failure) {
            throw resources.closeAfter(failure);
        }
    }

    /** Listens on {@code address} (an address of an RDMA device) with a zeroed page, registered for what the clients do. */
    static SharedPage listen(InetSocketAddress address) {
        return new SharedPage(address);
    }

    /**
     * Accepts {@code count} clients, numbered 1 to {@code count} in the order they came, while
     * {@code goOn} says so: for
     * each, a QP in the page's PD, and {@code rdma_accept} with the grant as private data. The CM
     * moves the QP to RTR and RTS, and grants it REMOTE_READ and REMOTE_ATOMIC when the client
     * asked to have READs or atomics in flight (its initiator depth), REMOTE_WRITE always.
     */
    void accept(int count, BooleanSupplier goOn) {
        for (int number = 1; number <= count; number++) {
            CmEvent request = awaitRequest(goOn, "target: waiting for client " + number + " of " + count);
            CmId client = resources.push(CmId.ofRequest(request));
            clients.add(client);
            resources.push(CmQueuePair.create(client, pd, cq, QueueCapacity.of(1, 1)));
            client.accept(ConnParam.asRequested(new Grant(page.address(), page.rkey(), number).bytes()));
            events.expect(client, CmEventType.RDMA_CM_EVENT_ESTABLISHED, CONNECT_TIMEOUT_MS, "target: accepting client " + number);
        }
    }

    /** The next connection request, looking a tenth of a second at a time, so that {@code goOn} can stop the wait. */
    private CmEvent awaitRequest(BooleanSupplier goOn, String what) {
        long deadline = System.nanoTime() + CONNECT_TIMEOUT_MS * 1_000_000L;
        while (goOn.getAsBoolean() && System.nanoTime() - deadline < 0) {
            Optional<CmEvent> event = events.next(listener, LOOK_MS);
            if (event.isPresent()) {
                if (!event.get().is(CmEventType.RDMA_CM_EVENT_CONNECT_REQUEST)) {
                    throw CmFailures.of(event.get(), what);
                }
                return event.get();
            }
        }
        throw new VerbsException(what, goOn.getAsBoolean() ? "no client within " + CONNECT_TIMEOUT_MS / 1000 + " s"
                : "the clients stopped", goOn.getAsBoolean() ? "Is the client's device up, and routed to this one?" : "See the clients' error");
    }

    /** The page's words, as the target's CPU sees them (native byte order: the device's atomics use it on soft-RoCE). */
    ByteBuffer words() {
        return page.buffer().getByteBuffer(0, BYTES).order(ByteOrder.nativeOrder());
    }

    /**
     * Waits until every client has disconnected, answering each with a disconnect of its own,
     * while {@code goOn} says so (it turns false when the clients failed); the thread sleeps in
     * {@code poll(2)}, a tenth of a second at a time.
     */
    void awaitDisconnects(BooleanSupplier goOn) {
        List<CmId> connected = new ArrayList<>(clients);
        while (!connected.isEmpty()) {
            if (!goOn.getAsBoolean()) {
                throw new VerbsException("target", "the clients stopped before they disconnected", "See the clients' error");
            }
            for (int i = connected.size() - 1; i >= 0; i--) {
                Optional<CmEvent> event = events.next(connected.get(i), LOOK_MS / connected.size());
                if (event.isPresent()) {
                    if (!event.get().is(CmEventType.RDMA_CM_EVENT_DISCONNECTED)) {
                        throw CmFailures.of(event.get(), "target: waiting for the clients to finish");
                    }
                    // The client's rdma_disconnect asked; the target's answers it, and the client's DISCONNECTED follows.
                    connected.remove(i).disconnect();
                }
            }
        }
    }

    /** Releases every QP, identifier, the CQ, the page and the PD, and the listener, in the order verbs and the CM require. */
    @Override
    public void close() {
        resources.close();
    }
}
