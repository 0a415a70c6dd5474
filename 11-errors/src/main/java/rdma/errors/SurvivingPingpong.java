package rdma.errors;

import java.io.PrintStream;
import java.net.ConnectException;
import java.net.Socket;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntConsumer;
import rdma.devices.Device;
import rdma.devices.c.Mtu;
import rdma.pingpong.AddressExchange;
import rdma.pingpong.Connection;
import rdma.pingpong.ExchangeMessage;
import rdma.pingpong.Pingpong;
import rdma.pingpong.PingpongLoop;
import rdma.pingpong.PingpongOptions;
import rdma.pingpong.ResultLines;
import rdma.pingpong.waiting.Waiting;
import rdma.queues.Completions;
import rdma.queues.Endpoint;
import rdma.queues.QpTransitions;
import rdma.queues.RemoteAddress;
import rdma.queues.c.SendFlag;
import rdma.support.Closeables;
import rdma.support.VerbsException;

/**
 * The client of chapter 04's pingpong (rc_pingpong's exchange, so the server may be
 * {@code ibv_rc_pingpong}) that survives its server restarting, in one process with one QP. A
 * session is one connection of {@code -n} iterations, as the server counts them. When a session
 * breaks (an error completion, or no completion for {@link Connection#STALL_NANOS}), the client
 * takes what is left in its CQ, moves its QP to RESET and INIT, posts its receives again, waits
 * for the server to listen again, exchanges addresses with it (the new server has a new QP) and
 * starts the next session, at most {@code reconnects} times. Its server ({@link #serve}) is
 * {@code ibv_rc_pingpong}'s, with the same retry budget.
 */
public final class SurvivingPingpong {
    /** How often the client looks whether the server listens again. */
    private static final long RETRY_CONNECT_NANOS = TimeUnit.MILLISECONDS.toNanos(200);

    private final PingpongOptions options;
    private final ErrorsAndRecovery.Retries retries;
    private final int reconnects;
    private final long waitForServerNanos;

    /** The client of {@code options}, its QP connected with {@code retries}, restarting at most {@code reconnects} times. */
    public SurvivingPingpong(PingpongOptions options, ErrorsAndRecovery.Retries retries, int reconnects, long waitForServerNanos) {
        this.options = options;
        this.retries = retries;
        this.reconnects = reconnects;
        this.waitForServerNanos = waitForServerNanos;
    }

    /**
     * Runs sessions against the server at {@code host} until one completes; {@code started} is told
     * each session's number once it is connected. Returns how many sessions it took.
     */
    public int run(Device device, String host, PrintStream out, IntConsumer started) {
        try (Connection<RemoteAddress> connection = Connection.prepare(device, plan(), out)) {
            Endpoint endpoint = connection.endpoint();
            RemoteAddress mine = connection.announce();
            for (int session = 1; ; session++) {
                PingpongLoop loop = new PingpongLoop(endpoint, options.size, options.rxDepth, options.iters,
                        SendFlag.IBV_SEND_SIGNALED.value(), connection.waiter(), "client");
                loop.postInitialReceives();
                exchange(connection, host, mine);
                started.accept(session);
                try {
                    long nanos = loop.run(true);
                    out.printf("client: session %d completed its %d iterations%n", session, options.iters);
                    ResultLines.of((long) options.size * options.iters * 2, options.iters, nanos).forEach(out::println);
                    return session;
                } catch (VerbsException broken) {
                    out.printf("client: session %d broke after %d of %d iterations: %s%n", session, loop.received(),
                            options.iters, broken.getMessage());
                    if (session > reconnects) {
                        throw broken;
                    }
                    recover(endpoint, out);
                }
            }
        }
    }

    /**
     * The server of one session, as {@code ibv_rc_pingpong}'s, but with its QP's retry budget set
     * as the client's is: the side that is sending when packets go unanswered is the one that fails.
     */
    public void serve(Device device, PrintStream out) {
        try (Connection<RemoteAddress> connection = Connection.prepare(device, plan(), out)) {
            PingpongLoop loop = new PingpongLoop(connection.endpoint(), options.size, options.rxDepth, options.iters,
                    SendFlag.IBV_SEND_SIGNALED.value(), connection.waiter(), "server");
            loop.postInitialReceives();
            connection.exchange(null, listener -> { });
            long nanos = loop.run(false);
            ResultLines.of((long) options.size * options.iters * 2, options.iters, nanos).forEach(out::println);
        }
    }

    /** rc_pingpong's endpoint, polled completions and exchange, the QP connected by {@link #connect}. */
    private Connection.Plan<RemoteAddress> plan() {
        return new Connection.Plan<>(options.connection, Pingpong.spec(options.size, options.rxDepth), Waiting.POLL,
                ExchangeMessage.RC_PINGPONG).connectingWith(this::connect);
    }

    /** RTR toward the peer, then RTS with this side's retries: how soon its sends give up. */
    private void connect(Endpoint endpoint, RemoteAddress server, Mtu pathMtu, int sl) {
        endpoint.readyToReceive(server, pathMtu, sl);
        endpoint.modify(retries.applyTo(endpoint.rts(QpTransitions.RNR_RETRY_FOREVER)));
    }

    /**
     * The same QP, ready for a new peer: what its CQ still holds is taken first (RESET would leave
     * completions of the QP in the CQ, to be mistaken for the next session's), then RESET (which
     * drops the receives still posted, without completions) and INIT.
     */
    private static void recover(Endpoint endpoint, PrintStream out) {
        Completions leftovers = new Completions(endpoint.cq(), 16, "client");
        int taken = 0;
        for (int count = leftovers.poll(); count > 0; count = leftovers.poll()) {
            taken += count;
        }
        ErrorsAndRecovery.toReset(endpoint.qp());
        endpoint.init();
        out.printf("client: its QP back to RESET and INIT (%d completions taken from its CQ first); waiting for the server%n",
                taken);
    }

    /**
     * rc_pingpong's exchange with the server, once it listens: the client tries to connect every
     * {@link #RETRY_CONNECT_NANOS} for {@code waitForServerNanos}, as a restarted server takes a
     * while to be back.
     */
    private void exchange(Connection<RemoteAddress> connection, String host, RemoteAddress mine) {
        long deadline = System.nanoTime() + waitForServerNanos;
        while (true) {
            Socket socket;
            try {
                socket = AddressExchange.connect(host, options.connection.port);
            } catch (VerbsException notYet) {
                // Only "nothing listens there" is a server on its way back; an unknown host stays unknown.
                if (!(notYet.getCause() instanceof ConnectException) || System.nanoTime() - deadline > 0) {
                    throw notYet;
                }
                LockSupport.parkNanos(RETRY_CONNECT_NANOS);
                continue;
            }
            try {
                connection.exchange(socket, false, mine);
                return;
            } finally {
                Closeables.closeQuietly(socket);
            }
        }
    }
}
