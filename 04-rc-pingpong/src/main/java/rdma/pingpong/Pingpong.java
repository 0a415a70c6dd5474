package rdma.pingpong;

import java.io.PrintStream;
import java.net.ServerSocket;
import java.util.function.Consumer;
import java.util.function.Function;
import rdma.devices.Device;
import rdma.devices.DeviceContext;
import rdma.pingpong.waiting.Waiting;
import rdma.queues.DataPath;
import rdma.queues.Endpoint;
import rdma.queues.EndpointSpec;
import rdma.queues.QueueCapacity;
import rdma.queues.RemoteAddress;
import rdma.queues.c.SendFlag;
import rdma.support.CEnum;
import rdma.support.VerbsException;

/**
 * ibv_rc_pingpong, one run of it: a server, a client, or both in one JVM (see
 * {@link ConnectionOptions#mode}), with the options of {@link PingpongOptions}, completions
 * taken as {@link Waiting} says (this chapter polls) and the data-path verbs called through the
 * {@link DataPath} that {@code dataPath} gives for the open device (this chapter's: {@link DataPath#of}).
 */
public record Pingpong(PingpongOptions options, Waiting waiting, String program, Function<DeviceContext, DataPath> dataPath) {

    /** The run with the device's own data path. */
    public Pingpong(PingpongOptions options, Waiting waiting, String program) {
        this(options, waiting, program, DataPath::of);
    }

    /**
     * What rc_pingpong.c's {@code pp_init_ctx} builds: one buffer for sending and receiving, a QP
     * with one send and {@code rxDepth} receives, and a CQ with room for all of them.
     */
    public static EndpointSpec spec(int size, int rxDepth) {
        return EndpointSpec.of(size).withCapacity(QueueCapacity.of(1, rxDepth)).withCqEntries(rxDepth + 1);
    }

    /** Runs the mode the options ask for; 0 on success. {@code noArguments}: nothing was given on the command line. */
    public int run(boolean noArguments, PrintStream out, PrintStream err) {
        return TwoSided.run(options.connection, noArguments, program, out, err, this::side);
    }

    /**
     * One side, in rc_pingpong.c's order: build and check everything local, post the receives,
     * exchange addresses and connect, run the loop, report. {@code host} is null for the server,
     * which calls {@code listening} once it listens.
     */
    private void side(Device device, String host, PrintStream out, Consumer<ServerSocket> listening) {
        boolean isClient = host != null;
        Connection.Plan<RemoteAddress> plan = new Connection.Plan<>(options.connection, spec(options.size, options.rxDepth),
                waiting, ExchangeMessage.RC_PINGPONG);
        try (Connection<RemoteAddress> connection = Connection.prepare(device, plan, out)) {
            Endpoint endpoint = connection.endpoint();
            endpoint.buffer().buffer().setMemory(0, options.size, PageCheck.FILL);
            PingpongLoop loop = new PingpongLoop(endpoint, options.size, options.rxDepth, options.iters,
                    sendFlags(endpoint), connection.waiter(), isClient ? "client" : "server", dataPath.apply(endpoint.context()));
            loop.postInitialReceives();
            connection.exchange(host, listening);
            if (isClient && options.check) {
                PageCheck.markPageStarts(endpoint.buffer().buffer(), options.size);
            }
            long nanos = loop.run(isClient);
            report(nanos, out);
            if (!isClient && options.check) {
                checkLastMessage(endpoint, out);
            }
        }
    }

    /** Small messages go inline, in the work request itself, when the QP allows it: as C does. */
    private int sendFlags(Endpoint endpoint) {
        boolean fits = endpoint.qp().capacity().maxInlineData() >= options.size;
        return CEnum.bits(SendFlag.IBV_SEND_SIGNALED) | (fits ? SendFlag.IBV_SEND_INLINE.value() : 0);
    }

    private void checkLastMessage(Endpoint endpoint, PrintStream out) {
        int bad = PageCheck.reportInvalidPages(endpoint.buffer().buffer(), options.size, out);
        if (bad > 0) {
            throw new VerbsException("-c/--chk", bad + " page(s) of the last message differ from what the client"
                    + " sent", "Was the client started with -c too?");
        }
    }

    /** rc_pingpong.c's two result lines: it counts the bytes of both directions. */
    private void report(long elapsedNanos, PrintStream out) {
        ResultLines.of((long) options.size * options.iters * 2, options.iters, elapsedNanos).forEach(out::println);
    }
}
