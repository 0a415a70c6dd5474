package rdma.cm.rping;

import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.function.Consumer;
import rdma.cm.CmEvent;
import rdma.cm.CmFailures;
import rdma.cm.CmId;
import rdma.cm.ConnParam;
import rdma.cm.EventChannel;
import rdma.cm.c.CmEventType;
import rdma.queues.c.WcOpcode;
import rdma.support.PeerGoneException;
import rdma.support.VerbsException;

/**
 * rping's two sides, as {@code rping.c} runs them and over the same wire protocol. Per ping the
 * client advertises its ping buffer; the server READs it and sends a go-ahead; the client
 * advertises its sink; the server WRITEs the ping back into it and sends a go-ahead; the client
 * compares (with {@code -V}) and prints (with {@code -v}). The connection itself is the CM's work:
 * resolve the address and the route, connect (or listen and accept), disconnect.
 */
final class Rping {
    /** rping.c's timeout for address and route resolution. */
    static final int RESOLVE_TIMEOUT_MS = 2000;
    /** How long a client waits for its connection to be accepted, refused or given up by the CM. */
    static final int CONNECT_TIMEOUT_MS = 20_000;
    /** rping.c's listen backlog. */
    static final int BACKLOG = 3;
    private static final byte[] PING_PREFIX = "rdma-ping-".getBytes(StandardCharsets.US_ASCII);

    /** What both sides take from the command line. */
    record Settings(int size, int count, boolean verbose, boolean validate, CmTrace trace) {
    }

    /** A server's listener, as the demo holds it: closing it makes a server waiting for a client stop. */
    static final class Listener implements AutoCloseable {
        private volatile boolean closed;

        @Override
        public void close() {
            closed = true;
        }
    }

    private Rping() {
    }

    // ---------------------------------------------------------------------------------------------
    // The client

    /** Connects to {@code server} (from {@code source}, or as routing decides when null) and pings. */
    static void client(InetSocketAddress server, InetSocketAddress source, Settings settings, PrintStream out) {
        CmTrace trace = settings.trace();
        try (EventChannel events = EventChannel.create(); CmId id = CmId.create(events)) {
            trace.call("rdma_create_id", null);
            resolve(id, events, server, source, trace);
            try (PingConnection connection = PingConnection.setUp(id, events, settings.size(), true, trace)) {
                id.connect(connParam(new byte[0]));
                trace.call("rdma_connect", connection.qp());
                trace.event(events.expect(id, CmEventType.RDMA_CM_EVENT_ESTABLISHED, CONNECT_TIMEOUT_MS,
                        "connecting to " + CmTrace.address(server)), connection.qp());
                runThenDisconnect(connection, () -> clientPings(connection, settings, out));
                if (connection.peerHasDisconnected()) {
                    out.println("client DISCONNECT EVENT...");
                }
            }
        }
    }

    /** {@code rdma_resolve_addr}, then {@code rdma_resolve_route}, each with its event, as rping_bind_client does. */
    static void resolve(CmId id, EventChannel events, InetSocketAddress server, InetSocketAddress source, CmTrace trace) {
        String what = "resolving " + CmTrace.address(server);
        id.resolveAddress(source, server, RESOLVE_TIMEOUT_MS);
        CmEvent resolved = events.expect(id, CmEventType.RDMA_CM_EVENT_ADDR_RESOLVED, RESOLVE_TIMEOUT_MS + 1000, what);
        trace.event(resolved, null);
        trace.note("  %s -> %s, on %s port %d", CmTrace.address(id.localAddress()), CmTrace.address(id.peerAddress()),
                id.context().device().name(), id.portNum());
        id.resolveRoute(RESOLVE_TIMEOUT_MS);
        trace.event(events.expect(id, CmEventType.RDMA_CM_EVENT_ROUTE_RESOLVED, RESOLVE_TIMEOUT_MS + 1000, what), null);
    }

    /**
     * What an rping client connects with, as rping.c's rping_init_conn_param: the server READs
     * from this side, so this side serves one READ at once; retries as chapter 04's (7 RNR retries:
     * for ever); {@code privateData} rides with the request.
     */
    static ConnParam connParam(byte[] privateData) {
        return new ConnParam(1, 1, 7, 7, privateData);
    }

    /** rping_test_client: {@code count} pings (0: until stopped). */
    private static void clientPings(PingConnection connection, Settings settings, PrintStream out) {
        ByteBuffer ping = connection.startBytes();
        ByteBuffer sink = connection.rdmaBytes();
        int size = settings.size();
        byte start = 'A';
        for (int number = 0; settings.count() == 0 || number < settings.count(); number++) {
            fillPing(ping, number, start);
            start = start == 'z' ? (byte) 'A' : (byte) (start + 1);
            connection.sendAdvert(connection.startRegion(), size);
            connection.await(WcOpcode.IBV_WC_RECV, "waiting for the server's go-ahead after its READ");
            connection.sendAdvert(connection.rdmaRegion(), size);
            connection.await(WcOpcode.IBV_WC_RECV, "waiting for the server's go-ahead after its WRITE");
            if (settings.validate()) {
                int differs = ping.mismatch(sink);
                if (differs >= 0) {
                    throw new VerbsException("rping", "data mismatch in ping " + number + " at byte " + differs,
                            "The server wrote back something else than it read: is it an rping of the same -S?");
                }
            }
            if (settings.verbose()) {
                out.println("ping data: " + PingConnection.text(sink));
            }
        }
    }

    /**
     * rping's ping: "rdma-ping-N: ", then letters from {@code start} on, 'A' to 'z' and round
     * again, and a NUL in the last byte. Written byte by byte: the loop creates no object.
     */
    static void fillPing(ByteBuffer ping, int number, byte start) {
        int at = 0;
        for (byte b : PING_PREFIX) {
            ping.put(at++, b);
        }
        at = putDecimal(ping, at, number);
        ping.put(at++, (byte) ':');
        ping.put(at++, (byte) ' ');
        byte letter = start;
        for (; at < ping.limit(); at++) {
            ping.put(at, letter);
            letter = letter == 'z' ? (byte) 'A' : (byte) (letter + 1);
        }
        ping.put(ping.limit() - 1, (byte) 0);
    }

    private static int putDecimal(ByteBuffer buffer, int at, int value) {
        int digits = 1;
        for (int rest = value / 10; rest > 0; rest /= 10) {
            digits++;
        }
        for (int i = digits - 1, rest = value; i >= 0; i--, rest /= 10) {
            buffer.put(at + i, (byte) ('0' + rest % 10));
        }
        return at + digits;
    }

    // ---------------------------------------------------------------------------------------------
    // The server

    /**
     * Listens on {@code address} and serves one client, or with {@code persistent} one client
     * after another until stopped; calls {@code listening} once it listens.
     */
    static void server(InetSocketAddress address, boolean persistent, Settings settings, PrintStream out,
            Consumer<Listener> listening, Consumer<VerbsException> clientFailed) {
        CmTrace trace = settings.trace();
        try (EventChannel events = EventChannel.create(); CmId listener = CmId.create(events)) {
            listener.bind(address);
            listener.listen(BACKLOG);
            trace.call("rdma_bind_addr " + CmTrace.address(address) + ", rdma_listen", null);
            Listener stop = new Listener();
            listening.accept(stop);
            do {
                Optional<CmEvent> request = awaitRequest(listener, events, stop);
                if (request.isEmpty()) {
                    return;
                }
                trace.event(request.get(), null);
                try {
                    serve(CmId.ofRequest(request.get()), events, settings, out);
                } catch (VerbsException failed) {
                    if (!persistent) {
                        throw failed;
                    }
                    clientFailed.accept(failed); // a persistent server goes on with the next client
                }
            } while (persistent);
        }
    }

    private static Optional<CmEvent> awaitRequest(CmId listener, EventChannel events, Listener stop) {
        while (!stop.closed) {
            Optional<CmEvent> event = events.next(listener, 200);
            if (event.isPresent()) {
                if (!event.get().is(CmEventType.RDMA_CM_EVENT_CONNECT_REQUEST)) {
                    throw CmFailures.of(event.get(), "waiting for a client");
                }
                return event;
            }
        }
        return Optional.empty();
    }

    /** One client: the verbs objects on its identifier, accept, pings until it disconnects. */
    private static void serve(CmId child, EventChannel events, Settings settings, PrintStream out) {
        CmTrace trace = settings.trace();
        try (child; PingConnection connection = setUpOrReject(child, events, settings, trace)) {
            child.accept(null); // as rping.c: what the client asked for, within what the device allows
            trace.call("rdma_accept", connection.qp());
            trace.event(events.expect(child, CmEventType.RDMA_CM_EVENT_ESTABLISHED, CONNECT_TIMEOUT_MS,
                    "accepting " + CmTrace.address(child.peerAddress())), connection.qp());
            runThenDisconnect(connection, () -> serverPings(connection, settings, out));
            out.println("server DISCONNECT EVENT...");
        }
    }

    /** The connection's verbs objects; when they cannot be made, the client is told with a rejection, not left waiting. */
    private static PingConnection setUpOrReject(CmId child, EventChannel events, Settings settings, CmTrace trace) {
        try {
            return PingConnection.setUp(child, events, settings.size(), false, trace);
        } catch (RuntimeException failed) {
            try {
                child.reject("the server could not set up the connection".getBytes(StandardCharsets.US_ASCII));
            } catch (RuntimeException rejecting) {
                failed.addSuppressed(rejecting);
            }
            throw failed;
        }
    }

    /** rping_test_server: READ each ping, WRITE it back, until the client disconnects between two pings. */
    private static void serverPings(PingConnection connection, Settings settings, PrintStream out) {
        ByteBuffer data = connection.rdmaBytes();
        for (int number = 0; ; number++) {
            try {
                connection.await(WcOpcode.IBV_WC_RECV, "waiting for the client's ping");
            } catch (PeerGoneException disconnected) {
                if (connection.peerHasDisconnected()) {
                    return; // between two pings: the client is done, as rping.c ends
                }
                throw disconnected;
            }
            Advert ping = connection.receivedAdvert();
            if (ping.size() > settings.size() || ping.size() < 1) {
                throw new VerbsException("rping", "the client's ping of " + ping.size() + " bytes does not fit this server's"
                        + " buffer of " + settings.size(), "Start the server with -S " + ping.size() + " or more (as the client's -S)");
            }
            connection.read(ping);
            connection.await(WcOpcode.IBV_WC_RDMA_READ, "reading ping " + number);
            if (settings.verbose()) {
                out.println("server ping data: " + PingConnection.text(data));
            }
            connection.sendGoAhead();
            connection.await(WcOpcode.IBV_WC_RECV, "waiting for the client's sink of ping " + number);
            Advert sink = connection.receivedAdvert();
            connection.write(sink, Math.min(PingConnection.textLength(data) + 1, sink.size()));
            connection.await(WcOpcode.IBV_WC_RDMA_WRITE, "writing ping " + number + " back");
            connection.sendGoAhead();
        }
    }

    /** Runs {@code work}, then disconnects whatever happened; a failure of the disconnect never hides the work's. */
    private static void runThenDisconnect(PingConnection connection, Runnable work) {
        try {
            work.run();
        } catch (RuntimeException | Error failed) {
            try {
                connection.disconnect();
            } catch (RuntimeException disconnecting) {
                failed.addSuppressed(disconnecting);
            }
            throw failed;
        }
        connection.disconnect();
    }
}
