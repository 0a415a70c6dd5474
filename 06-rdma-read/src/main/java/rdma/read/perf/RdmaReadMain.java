package rdma.read.perf;

import java.io.PrintStream;
import java.net.ServerSocket;
import java.util.function.Consumer;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import rdma.devices.Device;
import rdma.devices.Port;
import rdma.memory.MemoryRegion;
import rdma.memory.c.Access;
import rdma.pingpong.Connection;
import rdma.pingpong.ResultLines;
import rdma.pingpong.TwoSided;
import rdma.pingpong.waiting.Waiting;
import rdma.queues.Completions;
import rdma.queues.EndpointSpec;
import rdma.queues.QueueCapacity;
import rdma.read.ReadExchange;
import rdma.read.ReadLimits;
import rdma.read.ReadPeer;
import rdma.support.CEnum;
import rdma.support.Cli;
import rdma.support.VerbsException;
import rdma.write.DataPattern;
import rdma.write.IdleMeter;
import rdma.write.RemoteBuffer;
import rdma.write.perftest.BandwidthReport;
import rdma.write.perftest.LatencyReport;
import rdma.write.perftest.PerfOptions;
import rdma.write.session.PeerWatch;
import rdma.write.session.Waits;

/**
 * Chapter 06: RDMA READ, as perftest's ib_read_lat and ib_read_bw measure it. The server is the
 * target: it fills its buffer with a pattern, grants REMOTE_READ on it, and then does nothing.
 * The client is the initiator: it names the server's memory by address and rkey and reads it into
 * its own buffer, which must allow LOCAL_WRITE, since its device writes the response there.
 */
@Command(name = "06-rdma-read", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"RDMA READ of the peer's memory, as ib_read_lat (default) and ib_read_bw (--bw) do.",
                "  06-rdma-read [options]          be the target (server): fill a buffer and let the initiator read it",
                "  06-rdma-read [options] <host>   be the initiator (client) and read <host>'s memory",
                "  06-rdma-read [--demo]           both in this JVM, on two devices (or one twice)"})
public final class RdmaReadMain extends Cli.Program {
    /** One above chapter 05's, so that the chapters can run side by side. */
    public static final int PORT = 18517;

    @Mixin
    PerfOptions options = new PerfOptions(PORT, 1000);

    @Option(names = {"-o", "--outs"}, paramLabel = "<num>",
            description = "RDMA READs a QP serves, and issues, at once: max_dest_rd_atomic and max_rd_atomic (default: the"
                    + " most the device allows, max_qp_rd_atom and max_qp_init_rd_atom)")
    Integer outs;

    @Option(names = "--fail", paramLabel = "<how>", converter = FailureConverter.class,
            description = "an access error on purpose: no-remote-read (the target's buffer does not allow it), wrong-rkey,"
                    + " past-end (a read beyond the target's memory region), or no-local-write (the initiator's buffer"
                    + " cannot take the response)")
    Failure fail; // null: no failure, the normal run


    RdmaReadMain(PrintStream out, PrintStream err) {
        super(out, err);
    }

    public static void main(String[] args) {
        Cli.main(RdmaReadMain::new, args);
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        return Cli.run(RdmaReadMain::new, args, out, err);
    }

    /** "no-local-write" on the command line. */
    static final class FailureConverter extends Cli.OptionNames<Failure> {
        FailureConverter() {
            super(Failure.class);
        }
    }

    @Override
    public Integer call() {
        String invalid = options.invalid();
        if (invalid == null && outs != null && outs < 1) {
            invalid = "-o/--outs must be 1 or more";
        }
        refuse(invalid);
        boolean noArguments = noArguments();
        return TwoSided.run(options.connection, noArguments, spec.name(), out, err, this::side);
    }

    /**
     * One side: connect, then read (the initiator) or wait (the target). Each side grants only
     * what the other needs: the target REMOTE_READ on its buffer and QP, the initiator nothing
     * remote, and LOCAL_WRITE on its buffer for the responses.
     */
    private void side(Device device, String host, PrintStream sideOut, Consumer<ServerSocket> listening) {
        boolean initiator = host != null;
        int size = options.size();
        int bufferAccess = initiator ? (fail == Failure.no_local_write ? 0 : CEnum.bits(Access.IBV_ACCESS_LOCAL_WRITE))
                : (fail == Failure.no_remote_read ? 0 : CEnum.bits(Access.IBV_ACCESS_REMOTE_READ));
        int qpAccess = initiator ? 0 : CEnum.bits(Access.IBV_ACCESS_REMOTE_READ);
        ReadExchange exchange = new ReadExchange(local -> initiator ? RemoteBuffer.NONE : RemoteBuffer.of(local.buffer()), outs);
        Function<Port, EndpointSpec> endpoint = port -> {
            ReadLimits.of(port.context()).outstanding(outs); // a -o above the device's limits is refused here, before any peer
            return EndpointSpec.of(size)
                    .withBufferAccess(bufferAccess)
                    .withQpAccess(qpAccess)
                    .withCapacity(QueueCapacity.of(options.sendQueue(port, 1), 1));
        };
        Connection.Plan<ReadPeer> plan = new Connection.Plan<>(options.connection, endpoint, Waiting.POLL, exchange)
                .connectingWith(exchange.connector());
        try (Connection<ReadPeer> connection = Connection.prepare(device, plan, sideOut)) {
            if (!initiator) {
                // The target's CPU writes its memory once, before the peer learns where it is; then it has nothing to do.
                MemoryRegion buffer = connection.endpoint().buffer();
                DataPattern.fill(buffer.buffer(), 0, size);
            }
            printHeader(sideOut, connection, exchange.outstanding(connection.endpoint()));
            try (PeerWatch<ReadPeer> watch = PeerWatch.exchange(connection, host, listening)) {
                if (initiator) {
                    initiate(connection, watch, exchange, sideOut);
                } else {
                    serve(connection, watch, sideOut);
                }
                watch.finish(initiator);
            }
        }
    }

    private void printHeader(PrintStream sideOut, Connection<ReadPeer> connection, int outstanding) {
        int size = options.size();
        sideOut.println("---------------------------------------------------------------------------------------");
        sideOut.println(options.bandwidth ? "                    RDMA_Read BW Test" : "                    RDMA_Read Latency Test");
        sideOut.printf(" Device         : %s\t\tTransport type : IB (RC)%n", connection.endpoint().port().name());
        sideOut.printf(" Message size   : %d\t\tIterations     : %d%n", size, options.iters());
        sideOut.printf(" Outstand reads : %d%n", outstanding);
        sideOut.println("---------------------------------------------------------------------------------------");
    }

    /** The initiator: reads the target's buffer {@code -n} times, one at a time or many in flight. */
    private void initiate(Connection<ReadPeer> connection, PeerWatch<ReadPeer> watch, ReadExchange exchange, PrintStream sideOut) {
        ReadPeer peer = watch.peer();
        int size = options.size();
        if (peer.buffer().length() < size) {
            throw new VerbsException("the peer's buffer", "it grants " + peer.buffer().length() + " bytes, less than a "
                    + size + "-byte message", "Start both sides with the same -s/--size");
        }
        int reads = exchange.readsToIssue(connection.endpoint(), peer);
        sideOut.printf("  reads in flight: at most %d (max_rd_atomic: the fewer of this side's %d and the %d the peer serves)%n",
                reads, exchange.outstanding(connection.endpoint()), peer.readsServed());
        if (fail != null) {
            sideOut.printf("--fail %s: this read should be refused by %s%n", Cli.OptionNames.optionName(fail), fail.refusedByTarget()
                    ? "the target's device" : "this side's device: its buffer does not allow LOCAL_WRITE, which the response needs");
        }
        // As perftest, the whole -t is posted: the QP issues max_rd_atomic READs at once and holds the rest back.
        int depth = options.bandwidth ? options.depth() : 1;
        int signalEvery = options.bandwidth ? options.signalEvery() : 1;
        ReadLoops test = new ReadLoops(connection, watch, options.iters(), signalEvery);
        double seconds;
        if (options.bandwidth) {
            BandwidthReport report = test.bandwidth(peer, depth, signalEvery, options.postList, fail);
            report.lines(size, options.iters(), options.unit()).forEach(sideOut::println);
            seconds = report.seconds();
        } else {
            LatencyReport report = test.latency(peer, fail);
            report.lines(size, 1).forEach(sideOut::println);
            seconds = report.seconds();
        }
        ResultLines.of((long) size * options.iters(), options.iters(), (long) (seconds * 1e9)).forEach(sideOut::println);
        if (options.check) {
            test.check(sideOut);
        }
    }

    /**
     * The target: nothing to do until the initiator says it finished and closes the exchange's
     * TCP connection, as perftest's server waits in {@code ctx_close_connection}. Meanwhile its
     * thread sleeps; the report shows what it did.
     */
    private void serve(Connection<ReadPeer> connection, PeerWatch<ReadPeer> watch, PrintStream sideOut) {
        IdleMeter idle = IdleMeter.start();
        watch.awaitPeerFinished(Waits.patienceNanos(options.iters(), options.size()), "target: waiting for the initiator");
        int completions = new Completions(connection.endpoint().cq(), 1, "target").poll();
        sideOut.printf("target: the initiator read this side's %d-byte buffer and finished while this side waited %.2f s%n",
                options.size(), idle.seconds());
        sideOut.printf("target: meanwhile it posted 0 receives, its CQ holds %d completions, and it used %.3f s of CPU%n",
                completions, idle.cpuSeconds());
    }
}
