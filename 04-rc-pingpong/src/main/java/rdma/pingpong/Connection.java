package rdma.pingpong;

import java.io.PrintStream;
import java.net.ServerSocket;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import rdma.devices.Device;
import rdma.devices.DeviceContext;
import rdma.devices.Mtu;
import rdma.devices.Port;
import rdma.devices.ResourceStack;
import rdma.devices.VerbsException;
import rdma.queues.CompletionWaiter;
import rdma.queues.Endpoint;
import rdma.queues.EndpointSpec;
import rdma.queues.RemoteAddress;
import rdma.queues.Waiting;

/**
 * One side of a reliable connection, from the device to a connected QP, in rc_pingpong.c's
 * order and in two steps. {@link #prepare} opens the device, builds the {@link Endpoint} and
 * moves its QP to INIT, checking everything local on the way; the program then posts its
 * receives. {@link #exchange} trades messages with the peer over TCP (the server listens; the
 * client connects), and moves the QP to RTR and RTS towards it: the server inside the exchange,
 * before it replies, the client after. Closing releases the endpoint, the waiting scope and the
 * device context, in that order.
 *
 * @param <T> what the two sides tell each other ({@link ExchangeFormat})
 */
public final class Connection<T> implements AutoCloseable {
    /**
     * What every connection of a program is built from. With {@code watchPeer}, the exchange's TCP
     * connection stays open for the whole run ({@link PeerWatch}), so that each side notices at
     * once when the other's process ends.
     */
    public record Plan<T>(ConnectionOptions options, Function<Port, EndpointSpec> spec, Waiting waiting,
            ExchangeFormat<T> format, boolean watchPeer) {
        public Plan(ConnectionOptions options, EndpointSpec spec, Waiting waiting, ExchangeFormat<T> format) {
            this(options, port -> spec, waiting, format, false);
        }

        /** A plan whose endpoint depends on what the port can do (its largest message, say). */
        public Plan(ConnectionOptions options, Function<Port, EndpointSpec> spec, Waiting waiting, ExchangeFormat<T> format) {
            this(options, spec, waiting, format, false);
        }

        /** The same plan, keeping the exchange's connection open and watched. */
        public Plan<T> watchingThePeer() {
            return new Plan<>(options, spec, waiting, format, true);
        }
    }

    private final ResourceStack resources = new ResourceStack();
    private final Plan<T> plan;
    private final PrintStream out;
    private final Endpoint endpoint;
    private final CompletionWaiter waiter;
    private final Mtu pathMtu;
    private PeerWatch watch;
    private int readsToIssue;

    private Connection(Device device, Plan<T> plan, PrintStream out) {
        this.plan = plan;
        this.out = out;
        ConnectionOptions options = plan.options();
        try {
            DeviceContext context = resources.push(DeviceContext.open(device));
            Waiting.Scope scope = resources.push(plan.waiting().open(context));
            Port port = context.port(options.ibPort);
            endpoint = resources.push(Endpoint.create(port, options.gidIdx,
                    plan.spec().apply(port).withCompletionChannel(scope.channel())));
            waiter = resources.push(scope.waiter(endpoint.cq()));
            pathMtu = endpoint.port().requirePathMtu(options.pathMtu());
            endpoint.init();
        } catch (RuntimeException failure) {
            resources.close();
            throw failure;
        }
    }

    /** Opens {@code device} and builds this side, up to a QP in INIT; the errors of a local mistake come from here. */
    public static <T> Connection<T> prepare(Device device, Plan<T> plan, PrintStream out) {
        return new Connection<>(device, plan, out);
    }

    public Endpoint endpoint() {
        return endpoint;
    }

    /** How this side waits for its completions. */
    public CompletionWaiter waiter() {
        return waiter;
    }

    /**
     * Trades messages with the peer and connects the QP to it: a client connects to
     * {@code host}; a server ({@code host} null) listens, calls {@code listening} with its
     * listener, and waits for one client. Returns what the peer sent.
     */
    public T exchange(String host, Consumer<ServerSocket> listening) {
        ExchangeFormat<T> format = plan.format();
        sayWhichGid();
        T mine = format.local(endpoint);
        print("local", format.describe(mine));
        T peer = host != null ? exchangeAsClient(host, mine) : exchangeAsServer(mine, listening);
        print("remote", format.describe(peer));
        return peer;
    }

    /**
     * The server's exchange with the next client of {@code listener}, which the caller keeps
     * open for the clients after it (chapter 07's server serves one after another). The plan must
     * watch the peer: the kept connection is how each side learns of the other's end.
     */
    public T exchangeWithNextClient(ServerSocket listener) {
        if (!plan.watchPeer()) {
            throw new IllegalStateException("a server of many clients watches each one");
        }
        ExchangeFormat<T> format = plan.format();
        sayWhichGid();
        T mine = format.local(endpoint);
        print("local", format.describe(mine));
        AddressExchange.Kept<T> kept = AddressExchange.nextClientKeepingConnection(listener, mine, format, this::connect);
        watch = resources.push(kept.watch());
        print("remote", format.describe(kept.peer()));
        return kept.peer();
    }

    /** On RoCE without -g, which GID this side chose, and how to choose another. */
    private void sayWhichGid() {
        if (plan.options().gidIdx == null && endpoint.gid().isPresent()) {
            out.println("  RoCE needs a GID: using GID index " + endpoint.gidIndex() + ", the IPv4-mapped RoCE v2 GID of "
                    + endpoint.port().name() + " (-g/--gid-idx chooses another)");
        }
    }

    /** "  local address:  LID ...", "  remote address: LID ...": rc_pingpong.c's alignment. */
    private void print(String side, List<ExchangeFormat.Line> lines) {
        for (ExchangeFormat.Line line : lines) {
            out.printf("  %-16s%s%n", side + " " + line.label() + ":", line.text());
        }
    }

    private T exchangeAsClient(String host, T mine) {
        ExchangeFormat<T> format = plan.format();
        T peer;
        if (plan.watchPeer()) {
            AddressExchange.Kept<T> kept = AddressExchange.clientKeepingConnection(host, plan.options().port, mine, format);
            watch = resources.push(kept.watch());
            peer = kept.peer();
        } else {
            peer = AddressExchange.client(host, plan.options().port, mine, format);
        }
        connect(peer);
        return peer;
    }

    private T exchangeAsServer(T mine, Consumer<ServerSocket> listening) {
        ExchangeFormat<T> format = plan.format();
        ServerSocket listener = AddressExchange.listen(plan.options().port);
        try {
            listening.accept(listener);
            if (!plan.watchPeer()) {
                return AddressExchange.server(listener, mine, format, this::connect);
            }
            AddressExchange.Kept<T> kept = AddressExchange.serverKeepingConnection(listener, mine, format, this::connect);
            watch = resources.push(kept.watch());
            return kept.peer();
        } finally {
            AddressExchange.closeQuietly(listener); // the exchange closes it; this is for a failure before it
        }
    }

    /** Whether the peer's process is gone: only known when the plan watches the peer, false otherwise. */
    public boolean peerGone() {
        return watch != null && watch.peerGone();
    }

    /**
     * Ends a watched run in order, so that neither side takes the other's orderly end for a
     * failure: the side that finishes last ({@code closesFirst}, the initiator) closes the TCP
     * connection first; the other waits for that, a few seconds at most, before it closes.
     */
    public void finish(boolean closesFirst) {
        if (watch == null) {
            return;
        }
        if (closesFirst) {
            watch.sayFinished();
        } else {
            watch.awaitPeerGone(TimeUnit.SECONDS.toNanos(FINISH_SECONDS));
        }
        watch.close();
    }

    /**
     * Waits until the peer has finished its run and closed the connection, at most
     * {@code patienceNanos}: all there is to wait for on a side whose peer does all the work,
     * such as the target of RDMA READs (chapter 06). The peer says it finished with
     * {@link #finish}; a peer that closes without saying so failed or was stopped.
     */
    public void awaitPeerFinished(long patienceNanos, String what) {
        if (watch == null) {
            throw new IllegalStateException("only a plan that watches the peer can wait for its end");
        }
        watch.awaitPeerGone(patienceNanos);
        if (!watch.peerGone()) {
            throw new VerbsException(what, "the peer did not finish within " + TimeUnit.NANOSECONDS.toSeconds(patienceNanos)
                    + " s", "Is the peer stuck? Look at its output");
        }
        if (!watch.peerFinished()) {
            throw new PeerGoneException(what, "the peer closed its connection before it finished: it failed or was stopped",
                    "Look at the other side's output");
        }
    }

    /** How long a side that finished waits for its peer's orderly end. */
    static final long FINISH_SECONDS = 5;

    /**
     * RTR and RTS towards the peer. Where the message says how many RDMA READs the peer serves at
     * once, this side issues no more than that, nor than its own spec allows.
     */
    private void connect(T peer) {
        int mine = endpoint.spec().rdAtomic();
        readsToIssue = Math.min(mine, plan.format().readsServed(peer).orElse(mine));
        endpoint.connect(plan.format().address(peer), pathMtu, plan.options().sl, readsToIssue);
    }

    /** How many RDMA READs this side's QP issues at once once connected: its max_rd_atomic. */
    public int readsToIssue() {
        return readsToIssue;
    }

    @Override
    public void close() {
        resources.close();
    }
}
