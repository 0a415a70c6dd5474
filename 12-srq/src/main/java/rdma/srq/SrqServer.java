package rdma.srq;

import java.io.PrintStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import rdma.devices.Device;
import rdma.devices.DeviceContext;
import rdma.devices.GidEntry;
import rdma.devices.Port;
import rdma.devices.c.Mtu;
import rdma.errors.AsyncEvent;
import rdma.errors.AsyncEvents;
import rdma.errors.c.EventType;
import rdma.events.WaitMode;
import rdma.memory.MemoryRegion;
import rdma.memory.ProtectionDomain;
import rdma.memory.c.Access;
import rdma.pingpong.AddressExchange;
import rdma.pingpong.Connection;
import rdma.pingpong.ExchangeMessage;
import rdma.pingpong.waiting.CompletionWaiter;
import rdma.pingpong.waiting.Waiting;
import rdma.queues.CompletionQueue;
import rdma.queues.Completions;
import rdma.queues.QpTransitions;
import rdma.queues.QueuePair;
import rdma.queues.RemoteAddress;
import rdma.queues.c.WrOpcode;
import rdma.queues.requests.SendRequest;
import rdma.srq.SharedReceiveQueue.AttachedQp;
import rdma.support.Closeables;
import rdma.support.ResourceStack;
import rdma.support.Threads;
import rdma.support.VerbsException;

/**
 * A server for ibv_rc_pingpong clients that takes them as they come, every one on the same shared
 * receive queue: one PD, one pool of {@code receives} buffers, one CQ on a completion channel
 * (chapter 08), so that an idle server sleeps. Three threads share the work:
 *
 * <ul>
 * <li>the acceptor takes a TCP connection, makes a QP on the SRQ for it and trades addresses as
 * rc_pingpong does;</li>
 * <li>the server thread waits for completions: a receive, whichever QP it came to, is echoed back
 * on that QP from the buffer it landed in; once the echo is sent, the buffer is free again;</li>
 * <li>the refiller sleeps on the context's asynchronous events (chapter 11): the SRQ's limit is
 * armed, and when fewer than {@code limit} receives are left the device raises
 * {@code IBV_EVENT_SRQ_LIMIT_REACHED}, once; the refiller posts every free buffer again and arms
 * the limit anew.</li>
 * </ul>
 *
 * A client is served {@code iters} exchanges, then its QP is destroyed; a client that fails (an
 * error completion) or goes quiet for {@link Connection#STALL_NANOS} is let go with one line, and
 * the others carry on.
 */
public final class SrqServer implements AutoCloseable {
    /** What the server is made of, and how long it serves. */
    public record Plan(int ibPort, Integer gidIdx, Mtu mtu, int size, int receives, int limit, int maxClients,
            int iters, boolean refill) {
        /** Every check that needs no device, or null when all pass. */
        public String invalid() {
            if (size < 1 || receives < 1 || iters < 1 || maxClients < 1) {
                return "-s/--size, -r/--rx-depth, -n/--iters and --max-clients must be 1 or more";
            }
            if (limit < 1 || limit >= receives) {
                return "--limit " + limit + " must be at least 1 and below -r/--rx-depth " + receives;
            }
            if (maxClients > limit) {
                return "--max-clients " + maxClients + " is above --limit " + limit + ": each client may hold a receive"
                        + " when the limit event comes, and the pool could run dry before the refill";
            }
            return null;
        }
    }

    /** wr_id bit of an echo: the rest is the buffer's number, as in its receive's wr_id. */
    static final long ECHO = 1L << 32;
    private static final long LOOK_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final ResourceStack resources = new ResourceStack();
    private final Plan plan;
    private final PrintStream out;
    private final Port port;
    private final Mtu pathMtu;
    private final int gidIndex;
    private final ProtectionDomain pd;
    private final MemoryRegion buffers;
    private final CompletionQueue cq;
    private final SharedReceiveQueue srq;
    private final CompletionWaiter waiter;
    private final Completions completions;
    private final AsyncEvents events;
    private final FreeBuffers free;
    /** The refiller's copy of the free buffers' numbers, taken at an event. */
    private final int[] refill;
    /** The receives in the SRQ now: posted, and not yet used up by a message. */
    private final AtomicInteger inPool = new AtomicInteger();
    private final SrqReceive receive;
    private final Object clientsLock = new Object();
    /** The connected clients, copied on every change: the server thread scans it without a lock, as C's find_qp scans. */
    private volatile Client[] clients = new Client[0];
    private volatile boolean stopping;
    private boolean firstMessageShown;
    private int finished;
    private long exchanges;
    private int limitEvents;

    private SrqServer(Device device, Plan plan, PrintStream out) {
        this.plan = plan;
        this.out = out;
        try {
            DeviceContext context = resources.push(DeviceContext.open(device));
            Waiting.Scope waiting = resources.push(WaitMode.events.open(context));
            port = context.port(plan.ibPort());
            port.requireActive();
            port.requireAddress();
            pathMtu = port.requirePathMtu(plan.mtu());
            gidIndex = port.chooseGid(plan.gidIdx()).map(GidEntry::index).orElse(-1);
            // Room for every receive of the pool and one echo per client: the CQ cannot overrun.
            int cqEntries = plan.receives() + plan.maxClients();
            SharedReceiveQueue.requireRoom(context, plan.receives(), cqEntries);
            pd = resources.push(ProtectionDomain.allocate(context));
            buffers = resources.push(MemoryRegion.register(pd, (long) plan.receives() * plan.size(),
                    Access.IBV_ACCESS_LOCAL_WRITE.value()));
            cq = resources.push(waiting.createCq(cqEntries));
            srq = resources.push(SharedReceiveQueue.create(pd, plan.receives(), 1));
            waiter = resources.push(waiting.waiter(cq));
            completions = new Completions(cq, cqEntries, "the server's CQ");
            events = AsyncEvents.of(context);
            free = new FreeBuffers(plan.receives());
            refill = new int[plan.receives()];
            receive = new SrqReceive(srq);
            for (int buffer = 0; buffer < plan.receives(); buffer++) {
                post(buffer);
            }
            srq.arm(plan.limit());
        } catch (RuntimeException failure) {
            throw resources.closeAfter(failure);
        }
    }

    /** Builds the server on {@code device}: the pool is posted and its limit armed before any client comes. */
    public static SrqServer open(Device device, Plan plan, PrintStream out) {
        return new SrqServer(device, plan, out);
    }

    /**
     * Serves the clients of {@code listener} until {@code toServe} of them have finished (0: until
     * {@link #stop}), then says what it served.
     */
    public void serve(ServerSocket listener, int toServe) {
        out.printf("server: %d receives of %d bytes in one shared receive queue (ibv_query_srq: max_wr %d), limit armed at %d;"
                + " listening on port %d%n", plan.receives(), plan.size(), srq.query().max_wr, plan.limit(), listener.getLocalPort());
        Thread acceptor = new Thread(() -> accept(listener), "srq-acceptor");
        Thread refiller = new Thread(this::refillOnLimitEvents, "srq-refiller");
        acceptor.start();
        refiller.start();
        try {
            while (!stopping && (toServe == 0 || finished < toServe)) {
                int count = waiter.await(completions, LOOK_NANOS);
                take(count);
                letQuietClientsGo();
            }
        } finally {
            stopping = true;
            Closeables.closeQuietly(listener);
            Threads.joinUninterruptibly(acceptor);
            Threads.joinUninterruptibly(refiller);
            for (Client client : clients) {
                retire(client, "still connected when the server stopped");
            }
        }
        out.printf("server: %d clients, %d exchanges; the limit event came %d time(s), %s%n", finished, exchanges, limitEvents,
                plan.refill() ? "and the pool was refilled after each" : "and nobody refilled the pool (--no-refill)");
    }

    /** The server thread's work on {@code count} completions: echo each receive, free each echo's buffer. */
    private void take(int count) {
        for (int i = 0; i < count; i++) {
            long wrId = completions.wrId(i);
            int buffer = (int) wrId;
            Client client = find(completions.qpNum(i));
            if ((wrId & ECHO) == 0) {
                inPool.decrementAndGet(); // a receive of the pool was used up, whichever QP it served
            }
            if (completions.status(i) != 0) {
                free.add(buffer); // its receive or its echo failed: nothing uses the buffer any more
                if (client != null) {
                    retire(client, completions.failed(i).getMessage());
                }
            } else if ((wrId & ECHO) == 0) {
                if (!firstMessageShown) {
                    showWhoseMessage(i, client);
                }
                echo(client, buffer, completions.byteLength(i));
            } else {
                free.add(buffer);
                exchanges++;
                if (client != null && ++client.exchanges == plan.iters()) {
                    retire(client, "done, " + client.exchanges + " exchanges");
                }
            }
        }
    }

    /**
     * Once: what a receive's completion says of its QP. {@code qp_num} is our QP, the one the
     * message came to (the receive itself came from the pool); {@code src_qp} is defined for UD only.
     */
    private void showWhoseMessage(int index, Client client) {
        firstMessageShown = true;
        out.printf("server: the first message: %d bytes into buffer %d of the pool; wc.qp_num 0x%06x, our QP serving %s;"
                + " wc.src_qp 0x%06x%n", completions.byteLength(index), completions.wrId(index), completions.qpNum(index),
                client == null ? "nobody now" : client.name, completions.srcQp(index));
    }

    /** Sends the {@code length} bytes that arrived in {@code buffer} back on the QP they came to. */
    private void echo(Client client, int buffer, int length) {
        if (client == null) {
            free.add(buffer); // a message for a QP already let go
            return;
        }
        client.lastHeard = System.nanoTime();
        client.send.wrId(ECHO | buffer).sge(0, buffers, (long) buffer * plan.size(), length).post();
    }

    /**
     * The refiller: sleeps on the context's asynchronous events; at {@code IBV_EVENT_SRQ_LIMIT_REACHED}
     * (the limit is disarmed now) it posts every free buffer as a receive again and arms the limit anew.
     */
    private void refillOnLimitEvents() {
        while (!stopping) {
            AsyncEvent event = events.next(TimeUnit.MILLISECONDS.toNanos(100)).orElse(null);
            if (event == null) {
                continue;
            }
            if (event.type() != EventType.IBV_EVENT_SRQ_LIMIT_REACHED.value()) {
                out.println("server: async event " + event);
                continue;
            }
            limitEvents++;
            out.printf("server: %s: %d receives left, fewer than the limit %d, which is disarmed now%n", event.name(),
                    inPool.get(), plan.limit());
            if (!plan.refill()) {
                out.println("server: --no-refill: nobody posts more");
                continue;
            }
            int posted = free.takeAll(refill);
            for (int i = 0; i < posted; i++) {
                post(refill[i]);
            }
            srq.arm(plan.limit());
            out.printf("server: posted the %d free buffers again (%d in the pool) and armed the limit anew%n", posted,
                    inPool.get());
        }
    }

    private void post(int buffer) {
        receive.wrId(buffer).sge(buffers, (long) buffer * plan.size(), plan.size()).post();
        inPool.incrementAndGet();
    }

    /** The acceptor: one client per TCP connection, refused when the server is full. */
    private void accept(ServerSocket listener) {
        while (!stopping) {
            Socket socket;
            try {
                socket = listener.accept();
            } catch (java.io.IOException closed) {
                return; // the server stops
            }
            String peer = socket.getInetAddress().getHostAddress();
            try (socket) {
                if (clients.length >= plan.maxClients()) {
                    out.printf("server: refused a client from %s: %d connected already (--max-clients); it may try again"
                            + " when one has finished%n", peer, clients.length);
                } else {
                    join(socket);
                }
            } catch (RuntimeException | java.io.IOException failed) {
                out.println("server: a client from " + peer + " could not join: " + failed.getMessage());
            }
        }
    }

    /**
     * A new QP on the SRQ for the client on {@code socket}, connected inside rc_pingpong's exchange.
     * Once the client is in the table, only the server thread destroys its QP (it may be posting
     * an echo on it): an exchange that fails after that leaves the client to it.
     */
    private void join(Socket socket) {
        AttachedQp attached = srq.createQp(cq, 1, 0);
        try {
            QueuePair qp = attached.qp();
            QpTransitions.Transition init = QpTransitions.toInit(port.number(), 0);
            qp.modify(init.attr(), init.mask(), "Check the port number (-i)");
            RemoteAddress mine = SrqPingpong.localAddress(port, gidIndex, qp);
            Client client = new Client(socket.getInetAddress().getHostAddress(), attached, SrqPingpong.sendFlags(qp, plan.size()));
            AddressExchange.server(socket, mine, ExchangeMessage.RC_PINGPONG, peer -> {
                client.name = String.format("%s QP 0x%06x", client.peer, peer.qpn());
                QpTransitions.Transition rtr = QpTransitions.toRtr(port.number(), pathMtu, gidIndex, 0, peer);
                qp.modify(rtr.attr(), rtr.mask(), "The client's address was refused: check its -g/--gid-idx and -m/--mtu");
                QpTransitions.Transition rts = QpTransitions.toRts(mine.psn(), QpTransitions.RNR_RETRY_FOREVER);
                qp.modify(rts.attr(), rts.mask(), "Report this");
                add(client); // before the reply: the client may send as soon as it has it
            });
            out.printf("server: client %s joined, served by our QP 0x%06x; %d connected, %d receives in the pool%n",
                    client.name, qp.qpNum(), clients.length, inPool.get());
        } catch (RuntimeException failed) {
            Client added = find(attached.qp().qpNum());
            if (added != null) {
                added.abandoned = true; // the server thread lets it go within a second
            } else {
                Closeables.closeQuietly(attached);
            }
            throw failed;
        }
    }

    /** Clients silent for longer than chapter 04's stall time have gone without a word, or never finished joining: let them go. */
    private void letQuietClientsGo() {
        long now = System.nanoTime();
        for (Client client : clients) {
            if (client.abandoned) {
                retire(client, "its address exchange failed after its QP was connected");
            } else if (now - client.lastHeard > Connection.STALL_NANOS) {
                retire(client, "went quiet after " + client.exchanges + " exchanges (nothing for "
                        + TimeUnit.NANOSECONDS.toSeconds(Connection.STALL_NANOS) + " s)");
            }
        }
    }

    /** Destroys the client's QP; the buffers it used are free already, or come back with their completions. */
    private void retire(Client client, String why) {
        if (remove(client.qp)) {
            finished++;
            Closeables.closeQuietly(client.qp);
            out.printf("server: client %s left: %s; %d connected%n", client.name, why, clients.length);
        }
    }

    private Client find(int qpNum) {
        for (Client client : clients) {
            if (client.qpNum == qpNum) {
                return client;
            }
        }
        return null;
    }

    private void add(Client client) {
        synchronized (clientsLock) {
            Client[] more = Arrays.copyOf(clients, clients.length + 1);
            more[clients.length] = client;
            clients = more;
        }
    }

    private boolean remove(AttachedQp qp) {
        synchronized (clientsLock) {
            Client[] fewer = Arrays.stream(clients).filter(client -> client.qp != qp).toArray(Client[]::new);
            boolean removed = fewer.length < clients.length;
            clients = fewer;
            return removed;
        }
    }

    /** Asks {@link #serve} to stop; it returns within a second. */
    public void stop() {
        stopping = true;
    }

    /** Releases the SRQ after the QPs, then the CQ, buffers, PD, channel and context. */
    @Override
    public void close() {
        stopping = true;
        resources.close();
    }

    /** One connected client: its QP, the send request that echoes on it, and how far it got. */
    private final class Client {
        final String peer;
        /** Its address and QP number, once the exchange told it. */
        volatile String name;
        final AttachedQp qp;
        final int qpNum;
        final SendRequest send;
        int exchanges;
        volatile long lastHeard = System.nanoTime();
        /** Its exchange failed once it was in the table: the server thread destroys its QP. */
        volatile boolean abandoned;

        Client(String peer, AttachedQp qp, int sendFlags) {
            this.peer = peer;
            this.name = peer;
            this.qp = qp;
            this.qpNum = qp.qp().qpNum();
            this.send = new SendRequest(qp.qp(), 1, "the echo to " + peer).opcode(WrOpcode.IBV_WR_SEND).sendFlags(sendFlags);
        }
    }

    /**
     * The buffers whose echo has been sent, waiting to be posted again: a stack of their numbers.
     * The server thread adds, the refiller takes; a lock between them, and no object per call.
     */
    private static final class FreeBuffers {
        private final int[] stack;
        private int size;

        FreeBuffers(int buffers) {
            stack = new int[buffers];
        }

        synchronized void add(int buffer) {
            stack[size++] = buffer;
        }

        /** Moves every free buffer's number into {@code into}; returns how many. */
        synchronized int takeAll(int[] into) {
            int taken = size;
            System.arraycopy(stack, 0, into, 0, taken);
            size = 0;
            return taken;
        }
    }
}
