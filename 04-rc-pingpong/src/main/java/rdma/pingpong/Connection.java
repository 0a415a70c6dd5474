package rdma.pingpong;

import java.io.PrintStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import rdma.devices.Device;
import rdma.devices.DeviceContext;
import rdma.devices.Port;
import rdma.devices.c.Mtu;
import rdma.pingpong.waiting.CompletionWaiter;
import rdma.pingpong.waiting.Waiting;
import rdma.queues.Endpoint;
import rdma.queues.EndpointSpec;
import rdma.support.Closeables;
import rdma.support.ResourceStack;

/**
 * One side of a reliable connection, from the device to a connected QP, in rc_pingpong.c's
 * order and in two steps. {@link #prepare} opens the device, builds the {@link Endpoint} and
 * moves its QP to INIT, checking everything local on the way; the program then posts its
 * receives. {@link #exchange} trades messages with the peer over TCP (the server listens; the
 * client connects), and moves the QP to RTR and RTS towards it inside the exchange: the server
 * before it replies, the client before it says done. Closing releases the endpoint, the waiting
 * scope and the device context, in that order.
 *
 * @param <T> what the two sides tell each other ({@link ExchangeFormat})
 */
public final class Connection<T> implements AutoCloseable {
    /** With no completion for this long, a side takes its peer to be gone: an error, not a hang. */
    public static final long STALL_NANOS = TimeUnit.SECONDS.toNanos(10);

    /** How a side moves its QP to RTR and RTS towards the peer that sent {@code peer}. */
    @FunctionalInterface
    public interface Connector<T> {
        void connect(Endpoint endpoint, T peer, Mtu pathMtu, int sl);
    }

    /**
     * What every connection of a program is built from: the options, the endpoint (which may
     * depend on what the port can do, its largest message say), how completions are waited for,
     * the exchange's message, and how the QP is connected once the peer's message is known
     * (rc_pingpong's way unless the plan says otherwise).
     */
    public record Plan<T>(ConnectionOptions options, Function<Port, EndpointSpec> spec, Waiting waiting,
            ExchangeFormat<T> format, Connector<T> connector) {
        public Plan(ConnectionOptions options, EndpointSpec spec, Waiting waiting, ExchangeFormat<T> format) {
            this(options, port -> spec, waiting, format);
        }

        public Plan(ConnectionOptions options, Function<Port, EndpointSpec> spec, Waiting waiting, ExchangeFormat<T> format) {
            this(options, spec, waiting, format,
                    (endpoint, peer, pathMtu, sl) -> endpoint.connect(format.address(peer), pathMtu, sl));
        }

        /** The same plan, connecting the QP with {@code other}. */
        public Plan<T> connectingWith(Connector<T> other) {
            return new Plan<>(options, spec, waiting, format, other);
        }
    }

    private final ResourceStack resources = new ResourceStack();
    private final Plan<T> plan;
    private final PrintStream out;
    private final Endpoint endpoint;
    private final CompletionWaiter waiter;
    private final Mtu pathMtu;

    private Connection(Device device, Plan<T> plan, PrintStream out) {
        this.plan = plan;
        this.out = out;
        ConnectionOptions options = plan.options();
        try {
            DeviceContext context = resources.push(DeviceContext.open(device));
            Waiting.Scope scope = resources.push(plan.waiting().open(context));
            Port port = context.port(options.ibPort);
            EndpointSpec spec = plan.spec().apply(port);
            endpoint = resources.push(Endpoint.create(port, options.gidIdx, spec, ignored -> scope.createCq(spec.cqEntries())));
            waiter = resources.push(scope.waiter(endpoint.cq()));
            pathMtu = endpoint.port().requirePathMtu(options.pathMtu());
            endpoint.init();
        } catch (RuntimeException failure) {
            throw resources.closeAfter(failure);
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

    public Plan<T> plan() {
        return plan;
    }

    /**
     * Trades messages with the peer over a TCP connection of their own, as rc_pingpong does, and
     * connects the QP to it: a client connects to {@code host}; a server ({@code host} null)
     * listens, calls {@code listening} with its listener, and waits for one client. Returns what
     * the peer sent; the TCP connection is closed again.
     */
    public T exchange(String host, Consumer<ServerSocket> listening) {
        T mine = announce();
        Socket socket = AddressExchange.open(host, plan.options().port, listening);
        try {
            return exchange(socket, host == null, mine);
        } finally {
            Closeables.closeQuietly(socket);
        }
    }

    /**
     * What this side tells its peer, printed as rc_pingpong prints its local address, before it
     * connects or listens: the first half of an exchange.
     */
    public T announce() {
        sayWhichGid();
        T mine = plan.format().local(endpoint);
        print("local", plan.format().describe(mine));
        return mine;
    }

    /**
     * The second half: trades {@code mine} for the peer's message over {@code socket}, a TCP
     * connection to the peer that the caller opened and closes, as the server ({@code asServer})
     * or the client, and connects the QP. Returns what the peer sent.
     */
    public T exchange(Socket socket, boolean asServer, T mine) {
        T peer = asServer ? AddressExchange.server(socket, mine, plan.format(), this::connect)
                : AddressExchange.client(socket, mine, plan.format(), this::connect);
        print("remote", plan.format().describe(peer));
        return peer;
    }

    /**
     * Connects the QP to {@code peer}, whose message came by a conversation other than
     * rc_pingpong's (perftest's handshake, say), and prints it as {@link #exchange} does.
     */
    public void connectTo(T peer) {
        connect(peer);
        print("remote", plan.format().describe(peer));
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

    /** RTR and RTS towards the peer, as the plan's connector does it. */
    private void connect(T peer) {
        plan.connector().connect(endpoint, peer, pathMtu, plan.options().sl);
    }

    @Override
    public void close() {
        resources.close();
    }
}
