package rdma.write;

import java.io.PrintStream;
import java.net.ServerSocket;
import java.util.function.Consumer;
import java.util.function.Function;
import rdma.devices.Device;
import rdma.devices.DeviceContext;
import rdma.devices.Port;
import rdma.memory.c.Access;
import rdma.pingpong.Connection;
import rdma.pingpong.ExchangeFormat;
import rdma.pingpong.ResultLines;
import rdma.pingpong.TwoSided;
import rdma.pingpong.waiting.Waiting;
import rdma.queues.DataPath;
import rdma.queues.EndpointSpec;
import rdma.queues.QueueCapacity;
import rdma.queues.requests.ReceiveRequest;
import rdma.support.CEnum;
import rdma.support.Cli;
import rdma.support.VerbsException;
import rdma.write.perftest.BandwidthReport;
import rdma.write.perftest.LatencyReport;
import rdma.write.perftest.PerfOptions;
import rdma.write.perftest.PerftestHandshake;
import rdma.write.perftest.PerftestKeys;
import rdma.write.session.PeerWatch;

/**
 * ib_write_lat or ib_write_bw, one run of it: a target (server), an initiator (client), or both
 * in one JVM, with the options of {@link WriteOptions}, and the data-path verbs called through the
 * {@link DataPath} that {@code dataPath} gives for the open device (this chapter's: {@link DataPath#of}).
 * The client is the initiator: it names the server's memory by address and rkey and writes into
 * it; the server is the target, whose CPU takes no part in moving the data. In a latency test both
 * write into each other.
 */
public record WritePerf(WriteOptions options, String program, Function<DeviceContext, DataPath> dataPath) {

    /** The run with the device's own data path. */
    public WritePerf(WriteOptions options, String program) {
        this(options, program, DataPath::of);
    }

    /** Runs the mode the options ask for; 0 on success. {@code noArguments}: nothing was given on the command line. */
    public int run(boolean noArguments, PrintStream out, PrintStream err) {
        return TwoSided.run(options.perf.connection, noArguments, program, out, err, this::side);
    }

    /**
     * One side: connect, run the test, report. The client is the initiator; in a latency test
     * both sides write, so both grant REMOTE_WRITE.
     */
    private void side(Device device, String host, PrintStream sideOut, Consumer<ServerSocket> listening) {
        PerfOptions perf = options.perf;
        Failure fail = options.fail;
        boolean initiator = host != null;
        boolean latency = !perf.bandwidth;
        boolean writes = initiator || latency;
        boolean receivesWrites = !initiator || latency;
        int size = perf.size();
        // A latency test keeps a ring of receives posted; the target of a bandwidth test needs one.
        int receives = options.notify.needsReceives() && receivesWrites ? (latency ? 16 : 1) : 0;
        // Only a side that is written into grants REMOTE_WRITE, to its buffer and its QP; both must allow it.
        boolean grantsWrites = receivesWrites && !(fail == Failure.no_remote_write && !initiator);
        int bufferAccess = grantsWrites ? CEnum.bits(Access.IBV_ACCESS_LOCAL_WRITE, Access.IBV_ACCESS_REMOTE_WRITE)
                : CEnum.bits(Access.IBV_ACCESS_LOCAL_WRITE);
        int qpAccess = receivesWrites ? CEnum.bits(Access.IBV_ACCESS_REMOTE_WRITE) : 0;
        // ib_write_bw's client spreads small messages over a page of its target's buffer: a target for it grants a page.
        boolean targetOfIbWriteBw = options.perftest && !latency && !initiator;
        long bufferBytes = Math.max(MessageBuffer.bytesFor(size, writes, receivesWrites),
                targetOfIbWriteBw ? PerftestHandshake.CYCLE_BUFFER : 0);
        // A message larger than the port's max_msg_sz is written in pieces: the send queue holds them all.
        Function<Port, EndpointSpec> endpoint = port -> EndpointSpec.of(bufferBytes)
                .withBufferAccess(bufferAccess)
                .withQpAccess(qpAccess)
                .withCapacity(QueueCapacity.of(perf.sendQueue(port, 2), Math.max(1, receives))
                        .withInlineData(options.inlineSize()));
        RdmaExchange exchange = new RdmaExchange(local -> !receivesWrites ? RemoteBuffer.NONE
                : targetOfIbWriteBw ? RemoteBuffer.of(local.buffer())
                : MessageBuffer.of(local.buffer(), size, writes, receivesWrites).granted());
        ExchangeFormat<RdmaPeer> format = options.perftest ? new PerftestKeys(exchange, size) : exchange;
        Connection.Plan<RdmaPeer> plan = new Connection.Plan<>(perf.connection, endpoint, Waiting.POLL, format);
        try (Connection<RdmaPeer> connection = Connection.prepare(device, plan, sideOut)) {
            DataPath path = dataPath.apply(connection.endpoint().context());
            MessageBuffer buffer = MessageBuffer.of(connection.endpoint().buffer(), size, writes, receivesWrites);
            // What may have to move before a wait ends: a message, a window of them, or all of them for the target.
            int messagesPerWait = latency ? 1 : initiator ? perf.signalEvery() : perf.iters();
            String role = initiator ? "initiator" : "target";
            ReceiveRequest[] notifications = WriteLoops.postReceives(connection, receives, role, path);
            printHeader(sideOut, connection, size);
            try (PeerWatch<RdmaPeer> watch = options.perftest
                    ? PerftestHandshake.exchange(connection, host, listening, perf.bandwidth)
                    : PeerWatch.exchange(connection, host, listening)) {
                RdmaPeer peer = watch.peer();
                // A bandwidth test's initiator also writes the flag byte after the message, unless its peer is perftest's.
                if (writes && peer.buffer().length() < size + (latency || options.perftest ? 0L : 1L)) {
                    throw new VerbsException("the peer's buffer", "it grants " + peer.buffer().length() + " bytes, less than a "
                            + size + "-byte message" + (latency ? "" : " and its flag"), "Start both sides with the same -s/--size");
                }
                WriteLoops test = new WriteLoops(connection, watch, buffer, perf.iters(), options.notify, role, notifications,
                        messagesPerWait, path);
                run(test, connection, watch, initiator, sideOut);
                watch.finish(initiator);
            }
        }
    }

    /** The test this side runs, once connected, and its report. */
    private void run(WriteLoops test, Connection<RdmaPeer> connection, PeerWatch<RdmaPeer> watch, boolean initiator,
            PrintStream sideOut) {
        PerfOptions perf = options.perf;
        RdmaPeer peer = watch.peer();
        Failure fail = options.fail;
        int size = perf.size();
        if (initiator && fail != null) {
            sideOut.printf("--fail %s: this write should be refused by the target's device%n", Cli.OptionNames.optionName(fail));
        }
        int inline = options.inlineFlag(size, connection.endpoint().qp());
        if (!perf.bandwidth) {
            // As in ib_write_lat, the server writes first and the client answers.
            LatencyReport report = test.latency(peer, !initiator, inline, initiator ? fail : null);
            report.lines(size, 2).forEach(sideOut::println);
            summary(sideOut, size, report.seconds());
            if (perf.check) {
                test.checkIncoming(options.notify == Notify.poll, sideOut);
            }
        } else if (initiator) {
            BandwidthReport report = test.bandwidth(peer, perf.depth(), perf.signalEvery(), perf.postList, inline, fail,
                    !options.perftest);
            BandwidthReport.Figures figures = report.figures(size, perf.iters(), perf.unit());
            figures.lines(perf.unit()).forEach(sideOut::println);
            summary(sideOut, size, report.seconds());
            if (options.perftest) {
                PerftestHandshake.results(connection, watch, figures, true);
            }
        } else if (options.perftest) {
            reportPerftestTarget(sideOut, connection, watch);
        } else {
            reportTarget(sideOut, test.target(), size, test);
            if (perf.check) {
                test.checkIncoming(false, sideOut);
            }
        }
    }

    private void printHeader(PrintStream sideOut, Connection<RdmaPeer> connection, int size) {
        int postList = options.perf.postList;
        sideOut.println("---------------------------------------------------------------------------------------");
        sideOut.println(!options.perf.bandwidth ? "                    RDMA_Write Latency Test"
                : postList > 1 ? "                    RDMA_Write Post List BW Test" : "                    RDMA_Write BW Test");
        sideOut.printf(" Device         : %s\t\tTransport type : IB (RC)%n", connection.endpoint().port().name());
        sideOut.printf(" Message size   : %d\t\tIterations     : %d%n", size, options.perf.iters());
        if (postList > 1) {
            sideOut.printf(" Post List      : %d\t\tCQ Moderation  : %d%n", postList, options.perf.signalEvery());
        }
        sideOut.printf(" Notification   : %s%n", options.perftest && options.perf.bandwidth
                ? "none: the client sends its figures over TCP when it is done" : options.notify.description());
        sideOut.println("---------------------------------------------------------------------------------------");
    }

    /** rc_pingpong's two lines, for the bytes this side moved. */
    private void summary(PrintStream sideOut, int size, double seconds) {
        int iters = options.perf.iters();
        ResultLines.of((long) size * iters, iters, (long) (seconds * 1e9)).forEach(sideOut::println);
    }

    /**
     * The target of ib_write_bw's client: it waits for the client's figures over TCP, asleep in a
     * read, and prints them as ib_write_bw's server does, then what it did meanwhile.
     */
    private void reportPerftestTarget(PrintStream sideOut, Connection<RdmaPeer> connection, PeerWatch<RdmaPeer> watch) {
        IdleMeter idle = IdleMeter.start();
        BandwidthReport.Figures client = PerftestHandshake.results(connection, watch, BandwidthReport.Figures.NONE, false);
        client.lines(options.perf.unit()).forEach(sideOut::println);
        sideOut.printf("target: %d bytes arrived in %d messages by RDMA WRITE while this side waited %.2f s%n",
                client.size() * client.iterations(), client.iterations(), idle.seconds());
        sideOut.printf("target: meanwhile it posted 0 receives, took 0 completions (it waited for the client's figures"
                + " over TCP), and used %.3f s of CPU%n", idle.cpuSeconds());
    }

    /** What shows that the target's CPU took no part: what it posted, what completed, and its CPU time. */
    private void reportTarget(PrintStream sideOut, WriteLoops.TargetReport report, int size, WriteLoops test) {
        int iters = options.perf.iters();
        long bytes = (long) size * iters;
        sideOut.printf("target: %d bytes arrived in %d messages by RDMA WRITE while this side waited %.2f s%n", bytes,
                iters, report.seconds());
        String completions = report.completions() == 0 ? "0 completions (it watched the flag byte in memory)"
                : report.completions() + " completion (" + test.lastReceive()
                        + (options.notify == Notify.imm ? ", imm_data " + report.immData() : "") + ")";
        sideOut.printf("target: meanwhile it posted %d receive(s), took %s, and used %.3f s of CPU%n",
                report.receivesPosted(), completions, report.cpuSeconds());
    }
}
