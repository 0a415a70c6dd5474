package rdma.cm.rping;

import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import rdma.cm.CmEvent;
import rdma.cm.CmFailures;
import rdma.cm.CmId;
import rdma.cm.ConnParam;
import rdma.cm.EventChannel;
import rdma.cm.c.CmEventType;
import rdma.devices.Device;
import rdma.devices.DeviceContext;
import rdma.devices.DeviceList;
import rdma.devices.GidEntry;
import rdma.queues.c.WcOpcode;
import rdma.support.Demo;
import rdma.support.VerbsException;

/**
 * The chapter's demo, both sides in one JVM on the first two devices (or one twice), each
 * addressed by the IPv4 address of its network interface, as the CM addresses them: first
 * rping's exchange with every CM event and the QP's state after it, then what private data can
 * do: a connection request that carries the client's advert, so that the server READs at once,
 * and a request refused with a reason.
 */
final class RpingDemo {
    static final int PINGS = 3;
    static final String REFUSAL = "one client at a time, and this demo has had its client";
    static final String WELCOME = "reading your buffer now";

    private RpingDemo() {
    }

    static int run(String program, PrintStream out, PrintStream err) {
        List<InetAddress> addresses = deviceAddresses();
        InetSocketAddress server = new InetSocketAddress(addresses.get(0), RpingMain.PORT);
        InetSocketAddress source = new InetSocketAddress(addresses.get(1), 0);
        out.printf("demo: rping over the connection manager, server on %s, client from %s, in one JVM"
                + " (two terminals: -s, and -c -a <server>)%n", server.getAddress().getHostAddress(),
                source.getAddress().getHostAddress());
        int status = Demo.<Rping.Listener>run(program, out, err,
                (serverOut, listening) -> Rping.server(server, false, settings(serverOut), serverOut, listening, failed -> { }),
                (clientOut, ignored) -> Rping.client(server, source, settings(clientOut), clientOut));
        if (status != 0) {
            return status;
        }
        out.println("demo: private data: the advert rides with the connection request; a second request is refused");
        return Demo.<Rping.Listener>run(program, out, err, (serverOut, listening) -> privateDataServer(server, serverOut, listening),
                (clientOut, ignored) -> privateDataClient(server, source, clientOut));
    }

    private static Rping.Settings settings(PrintStream out) {
        return new Rping.Settings(64, PINGS, true, true, new CmTrace(out));
    }

    /** The IPv4 address of each of the first two devices' port 1 (of the one device twice), from its RoCE v2 GID. */
    private static List<InetAddress> deviceAddresses() {
        try (DeviceList list = DeviceList.open()) {
            List<Device> devices = list.devices();
            return List.of(ipv4(devices.get(0)), ipv4(devices.get(Math.min(1, devices.size() - 1))));
        }
    }

    private static InetAddress ipv4(Device device) {
        try (DeviceContext context = DeviceContext.open(device)) {
            GidEntry gid = context.port(1).ipv4RoceV2Gid().orElseThrow(() -> new VerbsException("the demo",
                    device.name() + " has no IPv4 address", "Give its network interface an IPv4 address (ip addr add), as the lab does"));
            return InetAddress.getByAddress(Arrays.copyOfRange(gid.raw(), 12, 16));
        } catch (UnknownHostException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Private data

    private static void privateDataServer(InetSocketAddress address, PrintStream out, Consumer<Rping.Listener> listening) {
        CmTrace trace = new CmTrace(out);
        try (EventChannel events = EventChannel.create(); CmId listener = CmId.create(events)) {
            listener.bind(address);
            listener.listen(Rping.BACKLOG);
            listening.accept(new Rping.Listener());
            CmEvent request = events.expect(listener, CmEventType.RDMA_CM_EVENT_CONNECT_REQUEST, 30_000, "waiting for a client");
            trace.event(request, null);
            Advert advert = Advert.readFrom(ByteBuffer.wrap(request.privateData()));
            out.printf("  its private data: %d bytes (the request's room for it), starting with the client's advert: %s%n",
                    request.privateData().length, advert);
            try (CmId child = CmId.ofRequest(request);
                    PingConnection connection = PingConnection.setUp(child, events, advert.size(), false, trace)) {
                child.accept(ConnParam.asRequested(WELCOME.getBytes(StandardCharsets.US_ASCII)));
                trace.call("rdma_accept with \"" + WELCOME + "\"", connection.qp());
                trace.event(events.expect(child, CmEventType.RDMA_CM_EVENT_ESTABLISHED, Rping.CONNECT_TIMEOUT_MS, "accepting"),
                        connection.qp());
                connection.read(advert);
                connection.await(WcOpcode.IBV_WC_RDMA_READ, "reading the advertised buffer");
                out.println("  READ with no SEND before it: " + PingConnection.text(connection.rdmaBytes()));
                connection.disconnect();
            }
            CmEvent second = events.expect(listener, CmEventType.RDMA_CM_EVENT_CONNECT_REQUEST, 30_000, "waiting for a client");
            trace.event(second, null);
            try (CmId refused = CmId.ofRequest(second)) {
                refused.reject(REFUSAL.getBytes(StandardCharsets.US_ASCII));
                trace.call("rdma_reject with \"" + REFUSAL + "\"", null);
            }
        }
    }

    private static void privateDataClient(InetSocketAddress server, InetSocketAddress source, PrintStream out) {
        CmTrace trace = new CmTrace(out);
        try (EventChannel events = EventChannel.create()) {
            try (CmId id = CmId.create(events)) {
                Rping.resolve(id, events, server, source, trace);
                try (PingConnection connection = PingConnection.setUp(id, events, 64, true, trace)) {
                    Rping.fillPing(connection.startBytes(), 0, (byte) 'A');
                    Advert advert = new Advert(connection.startRegion().address(), connection.startRegion().rkey(), 64);
                    id.connect(Rping.connParam(advert.bytes()));
                    trace.call("rdma_connect with the advert as private data (" + advert + ")", connection.qp());
                    CmEvent established = events.expect(id, CmEventType.RDMA_CM_EVENT_ESTABLISHED, Rping.CONNECT_TIMEOUT_MS,
                            "connecting");
                    trace.event(established, connection.qp());
                    out.printf("  its private data: %d bytes, saying \"%s\"%n", established.privateData().length,
                            CmFailures.reason(established.privateData()));
                    connection.awaitPeerDisconnect(Rping.CONNECT_TIMEOUT_MS, "waiting for the server's READ");
                    connection.disconnect();
                }
            }
            try (CmId id = CmId.create(events)) {
                Rping.resolve(id, events, server, source, CmTrace.OFF);
                id.connect(Rping.connParam(new byte[0]));
                CmEvent answer = events.next(id, Rping.CONNECT_TIMEOUT_MS).orElseThrow(() -> new VerbsException("connecting",
                        "no answer", "Look at the server's output"));
                trace.event(answer, null);
                if (!answer.is(CmEventType.RDMA_CM_EVENT_REJECTED)) {
                    throw new VerbsException("connecting", "expected a rejection, got " + answer.name(), "Report this");
                }
                out.printf("  refused, reason %d (consumer defined), its private data: %d bytes, saying \"%s\"%n",
                        answer.status(), answer.privateData().length, CmFailures.reason(answer.privateData()));
            }
        }
    }
}
