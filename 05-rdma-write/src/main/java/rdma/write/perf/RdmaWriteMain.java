package rdma.write.perf;

import java.io.PrintStream;
import java.net.ServerSocket;
import java.util.function.Consumer;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import rdma.devices.CEnum;
import rdma.devices.Cli;
import rdma.devices.Device;
import rdma.devices.Port;
import rdma.devices.VerbsException;
import rdma.memory.Access;
import rdma.pingpong.Connection;
import rdma.pingpong.ResultLines;
import rdma.pingpong.TwoSided;
import rdma.queues.EndpointSpec;
import rdma.queues.QueueCapacity;
import rdma.queues.ReceiveRequest;
import rdma.queues.SendFlag;
import rdma.queues.Waiting;
import rdma.write.BandwidthReport;
import rdma.write.LatencyReport;
import rdma.write.MessageBuffer;
import rdma.write.PeerWatch;
import rdma.write.PerfOptions;
import rdma.write.RdmaExchange;
import rdma.write.RdmaPeer;
import rdma.write.RemoteBuffer;

/**
 * Chapter 05: RDMA WRITE, as perftest's ib_write_lat and ib_write_bw measure it. The client is
 * the initiator: it names the server's memory by address and rkey and writes into it; the server
 * is the target, whose CPU takes no part in moving the data. In a latency test both write into
 * each other.
 */
@Command(name = "05-rdma-write", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"RDMA WRITE into the peer's memory, as ib_write_lat (default) and ib_write_bw (--bw) do.",
                "  05-rdma-write [options]          be the target (server) and wait for the initiator",
                "  05-rdma-write [options] <host>   be the initiator (client) and write into <host>'s memory",
                "  05-rdma-write [--demo]           both in this JVM, on two devices (or one twice)"})
public final class RdmaWriteMain extends Cli.Program {
    /** One above chapter 04's, so that both can run at once. */
    static final int PORT = 18516;

    @Mixin
    PerfOptions options = new PerfOptions(PORT, 5000);

    @Option(names = "--notify", paramLabel = "<how>", converter = NotifyConverter.class,
            description = "how the target learns the data is there: poll (it watches the last byte), imm (RDMA WRITE"
                    + " WITH IMMEDIATE) or send (a SEND after the writes) (default poll)")
    Notify notify = Notify.poll;

    @Option(names = "--fail", paramLabel = "<how>", converter = FailureConverter.class,
            description = "an access error on purpose: no-remote-write (the target's buffer does not allow it),"
                    + " wrong-rkey, or past-end (a write beyond the target's memory region)")
    Failure fail; // null: no failure, the normal run

    @Option(names = {"-I", "--inline_size"}, paramLabel = "<size>",
            description = "messages of up to <size> bytes are sent inline, in the work request itself, where the QP"
                    + " allows it; 0 sends none inline (default " + LATENCY_INLINE + " for latency, 0 with --bw, as"
                    + " perftest on the NICs it knows; on a device it does not know, soft-RoCE among them, perftest"
                    + " sends nothing inline)")
    Integer inlineSize; // null: perftest's default for the test

    /** perftest's DEF_INLINE_WRITE: its default largest inline WRITE in a latency test. */
    static final int LATENCY_INLINE = 220;

    private int inlineSize() {
        return inlineSize != null ? inlineSize : options.bandwidth ? 0 : LATENCY_INLINE;
    }


    RdmaWriteMain(PrintStream out, PrintStream err) {
        super(out, err);
    }

    public static void main(String[] args) {
        Cli.main(RdmaWriteMain::new, args);
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        return Cli.run(RdmaWriteMain::new, args, out, err);
    }

    /** "wrong-rkey" on the command line. */
    static final class FailureConverter extends Cli.OptionNames<Failure> {
        FailureConverter() {
            super(Failure.class);
        }
    }

    static final class NotifyConverter extends Cli.OptionNames<Notify> {
        NotifyConverter() {
            super(Notify.class);
        }
    }

    @Override
    public Integer call() {
        String invalid = options.invalid();
        if (invalid == null && inlineSize() < 0) {
            invalid = "-I/--inline_size must be 0 or more";
        }
        refuse(invalid);
        boolean noArguments = noArguments();
        return TwoSided.run(options.connection, noArguments, spec.name(), out, err, this::side);
    }

    /**
     * One side: connect, run the test, report. The client is the initiator; in a latency test
     * both sides write, so both grant REMOTE_WRITE.
     */
    private void side(Device device, String host, PrintStream sideOut, Consumer<ServerSocket> listening) {
        boolean initiator = host != null;
        boolean latency = !options.bandwidth;
        boolean writes = initiator || latency;
        boolean receivesWrites = !initiator || latency;
        int size = options.size();
        // A latency test keeps a ring of receives posted; the target of a bandwidth test needs one.
        int receives = notify.needsReceives() && receivesWrites ? (latency ? 16 : 1) : 0;
        // Only a side that is written into grants REMOTE_WRITE, to its buffer and its QP; both must allow it.
        boolean grantsWrites = receivesWrites && !(fail == Failure.no_remote_write && !initiator);
        int bufferAccess = grantsWrites ? CEnum.bits(Access.IBV_ACCESS_LOCAL_WRITE, Access.IBV_ACCESS_REMOTE_WRITE)
                : CEnum.bits(Access.IBV_ACCESS_LOCAL_WRITE);
        int qpAccess = receivesWrites ? CEnum.bits(Access.IBV_ACCESS_REMOTE_WRITE) : 0;
        // A message larger than the port's max_msg_sz is written in pieces: the send queue holds them all.
        Function<Port, EndpointSpec> endpoint = port -> EndpointSpec.of(MessageBuffer.bytesFor(size, writes, receivesWrites))
                .withBufferAccess(bufferAccess)
                .withQpAccess(qpAccess)
                .withCapacity(QueueCapacity.of(options.sendQueue(port, 2), Math.max(1, receives)).withInlineData(inlineSize()));
        RdmaExchange exchange = new RdmaExchange(local -> receivesWrites
                ? MessageBuffer.of(local.buffer(), size, writes, receivesWrites).granted() : RemoteBuffer.NONE);
        Connection.Plan<RdmaPeer> plan = new Connection.Plan<>(options.connection, endpoint, Waiting.POLL, exchange);
        try (Connection<RdmaPeer> connection = Connection.prepare(device, plan, sideOut)) {
            MessageBuffer buffer = MessageBuffer.of(connection.endpoint().buffer(), size, writes, receivesWrites);
            int signalEvery = Math.min(options.cqMod, options.depth());
            // What may have to move before a wait ends: a message, a window of them, or all of them for the target.
            int messagesPerWait = latency ? 1 : initiator ? signalEvery : options.iters();
            String role = initiator ? "initiator" : "target";
            ReceiveRequest[] notifications = WriteTest.postReceives(connection, receives, role);
            printHeader(sideOut, connection, size);
            try (PeerWatch<RdmaPeer> watch = PeerWatch.exchange(connection, host, listening)) {
                RdmaPeer peer = watch.peer();
                if (writes && peer.buffer().length() < size + 1L) {
                    throw new VerbsException("the peer's buffer", "it grants " + peer.buffer().length() + " bytes, less than a "
                            + size + "-byte message and its flag", "Start both sides with the same -s/--size");
                }
                WriteTest test = new WriteTest(connection, watch, buffer, options.iters(), notify, role, notifications,
                        messagesPerWait);
                run(test, connection, peer, initiator, sideOut);
                watch.finish(initiator);
            }
        }
    }

    /** The test this side runs, once connected, and its report. */
    private void run(WriteTest test, Connection<RdmaPeer> connection, RdmaPeer peer, boolean initiator, PrintStream sideOut) {
        int size = options.size();
        if (initiator && fail != null) {
            sideOut.printf("--fail %s: this write should be refused by the target's device%n", Cli.OptionNames.optionName(fail));
        }
        // Inline when -I allows it and the QP does (the device may grant more than was asked for, never less).
        int inlineLimit = Math.min(inlineSize(), connection.endpoint().qp().capacity().maxInlineData());
        int inline = size <= inlineLimit ? SendFlag.IBV_SEND_INLINE.value() : 0;
        if (!options.bandwidth) {
            LatencyReport report = test.latency(peer, initiator, inline, initiator ? fail : null);
            report.lines(size, 2).forEach(sideOut::println);
            summary(sideOut, size, report.seconds());
            if (options.check) {
                test.checkIncoming(notify == Notify.poll, sideOut);
            }
        } else if (initiator) {
            int signalEvery = Math.min(options.cqMod, options.depth());
            BandwidthReport report = test.bandwidth(peer, options.depth(), signalEvery, inline, fail);
            report.lines(size, options.iters()).forEach(sideOut::println);
            summary(sideOut, size, report.seconds());
        } else {
            reportTarget(sideOut, test.target(), size, test);
            if (options.check) {
                test.checkIncoming(false, sideOut);
            }
        }
    }

    private void printHeader(PrintStream sideOut, Connection<RdmaPeer> connection, int size) {
        sideOut.println("---------------------------------------------------------------------------------------");
        sideOut.println(options.bandwidth ? "                    RDMA_Write BW Test" : "                    RDMA_Write Latency Test");
        sideOut.printf(" Device         : %s\t\tTransport type : IB (RC)%n", connection.endpoint().port().name());
        sideOut.printf(" Message size   : %d\t\tIterations     : %d%n", size, options.iters());
        sideOut.printf(" Notification   : %s%n", notify.description());
        sideOut.println("---------------------------------------------------------------------------------------");
    }

    /** rc_pingpong's two lines, for the bytes this side moved. */
    private void summary(PrintStream sideOut, int size, double seconds) {
        ResultLines.of((long) size * options.iters(), options.iters(), (long) (seconds * 1e9)).forEach(sideOut::println);
    }

    /** What shows that the target's CPU took no part: what it posted, what completed, and its CPU time. */
    private void reportTarget(PrintStream sideOut, WriteTest.TargetReport report, int size, WriteTest test) {
        long bytes = (long) size * options.iters();
        sideOut.printf("target: %d bytes arrived in %d messages by RDMA WRITE while this side waited %.2f s%n", bytes,
                options.iters(), report.seconds());
        String completions = report.completions() == 0 ? "0 completions (it watched the flag byte in memory)"
                : report.completions() + " completion (" + test.lastReceive()
                        + (notify == Notify.imm ? ", imm_data " + report.immData() : "") + ")";
        sideOut.printf("target: meanwhile it posted %d receive(s), took %s, and used %.3f s of CPU%n",
                report.receivesPosted(), completions, report.cpuSeconds());
    }
}
