package rdma.atomics;

import java.io.PrintStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import rdma.devices.Device;
import rdma.devices.DeviceContext;
import rdma.devices.Port;
import rdma.devices.c.ibv_device_attr;
import rdma.memory.MemoryRegion;
import rdma.memory.c.Access;
import rdma.pingpong.AddressExchange;
import rdma.pingpong.Connection;
import rdma.pingpong.ResultLines;
import rdma.pingpong.TwoSided;
import rdma.pingpong.waiting.Waiting;
import rdma.queues.Completions;
import rdma.queues.EndpointSpec;
import rdma.queues.QueueCapacity;
import rdma.queues.c.SendFlag;
import rdma.queues.requests.SendRequest;
import rdma.read.ReadExchange;
import rdma.read.ReadLimits;
import rdma.read.ReadPeer;
import rdma.support.CEnum;
import rdma.support.Cli;
import rdma.support.Closeables;
import rdma.support.PeerGoneException;
import rdma.support.VerbsException;
import rdma.write.IdleMeter;
import rdma.write.RdmaRequests;
import rdma.write.RemoteBuffer;
import rdma.write.perftest.BandwidthLoop;
import rdma.write.perftest.BandwidthReport;
import rdma.write.perftest.LatencyReport;
import rdma.write.perftest.PerftestHandshake;
import rdma.write.session.PeerWatch;
import rdma.write.session.Waits;

/**
 * Chapter 10: remote atomic operations, as perftest's {@code ib_atomic_lat} and
 * {@code ib_atomic_bw} run them, with their handshake, so that either side may be the C tool. The
 * server is the target: it zeroes a page of memory, grants REMOTE_ATOMIC on it and on its QP, and
 * then does nothing. The client is the initiator: it names one 8-byte word of that page by address
 * and rkey, and has the target's device add to it (FETCH_AND_ADD) or compare and swap it
 * (CMP_AND_SWAP), again and again; each time the word's original value comes back into the
 * initiator's own buffer. When the test is over the target looks at its words: every atomic is
 * there, and only whole ones.
 */
public record AtomicPerf(AtomicOptions options, String program) {
    /** perftest's ATOMIC_ADD_VALUE: what each FETCH_AND_ADD adds to the word. */
    static final long ADD = 1;
    /** perftest's compare and swap values: a CMP_AND_SWAP that finds 0 writes 0 (perftest measures, it changes nothing). */
    static final long COMPARE = 0;
    static final long SWAP = 0;

    private static final String INITIATOR = "initiator";

    /** {@code enum ibv_atomic_cap}'s first value: the device executes no atomic operation. */
    private static final int IBV_ATOMIC_NONE = 0;

    /**
     * Runs the mode the options ask for: a server, a client, or both with {@code --demo}; 0 on
     * success. (No arguments at all run {@link CounterAndLock} instead.)
     */
    public int run(PrintStream out, PrintStream err) {
        return TwoSided.run(options.perf.connection, false, program, out, err, this::side);
    }

    /**
     * One side: the resources, perftest's handshake, then the test (the initiator) or the wait
     * and the look at the words (the target). Each side grants only what the other needs.
     */
    private void side(Device device, String host, PrintStream sideOut, Consumer<ServerSocket> listening) {
        boolean initiator = host != null;
        // The target's buffer is a page, as perftest's: ib_atomic_bw's client spreads its atomics over one, a word every 64 bytes.
        long bufferBytes = initiator ? AtomicRequest.WORD : PerftestHandshake.CYCLE_BUFFER;
        // The initiator's device writes each original value into its buffer: LOCAL_WRITE. The target's device
        // changes its words: REMOTE_ATOMIC, on the buffer and on the QP; verbs refuses REMOTE_ATOMIC without LOCAL_WRITE.
        boolean grantsAtomics = !initiator && options.fail != Failure.no_remote_atomic;
        int bufferAccess = grantsAtomics ? CEnum.bits(Access.IBV_ACCESS_LOCAL_WRITE, Access.IBV_ACCESS_REMOTE_ATOMIC)
                : CEnum.bits(Access.IBV_ACCESS_LOCAL_WRITE);
        int qpAccess = initiator ? 0 : CEnum.bits(Access.IBV_ACCESS_REMOTE_ATOMIC);
        // Atomics share RDMA READ's limits (chapter 06): max_dest_rd_atomic at RTR, max_rd_atomic at RTS.
        ReadExchange limits = new ReadExchange(local -> initiator ? RemoteBuffer.NONE : RemoteBuffer.of(local.buffer()), options.outs);
        AtomicKeys keys = new AtomicKeys(limits);
        Function<Port, EndpointSpec> endpoint = port -> {
            requireAtomics(port.context());
            ReadLimits.of(port.context()).outstanding(options.outs); // a -o above the device's limits is refused before any peer
            return EndpointSpec.of(bufferBytes)
                    .withBufferAccess(bufferAccess)
                    .withQpAccess(qpAccess)
                    .withCapacity(QueueCapacity.of(options.perf.sendQueue(port, 1), 1));
        };
        Connection.Plan<ReadPeer> plan = new Connection.Plan<>(options.perf.connection, endpoint, Waiting.POLL, keys)
                .connectingWith((qpEndpoint, peer, pathMtu, sl) -> {
                    requireServed(peer);
                    limits.connector().connect(qpEndpoint, peer, pathMtu, sl);
                });
        try (Connection<ReadPeer> connection = Connection.prepare(device, plan, sideOut)) {
            // The target's CPU zeroes its words before the peer learns where they are; from then on only its device writes them.
            connection.endpoint().buffer().buffer().clear(bufferBytes);
            printHeader(sideOut, connection, limits.outstanding(connection.endpoint()));
            try (PeerWatch<ReadPeer> watch = handshake(connection, host, listening)) {
                if (initiator) {
                    initiate(connection, watch, limits, sideOut);
                } else {
                    serve(connection, watch, sideOut);
                }
            }
        }
    }

    /**
     * A device that cannot execute atomics says so in {@code atomic_cap}: IBV_ATOMIC_NONE. HCA
     * means atomic against the atomics of this device; GLOB, against every other writer too.
     */
    static void requireAtomics(DeviceContext context) {
        requireAtomics(context.device().name(), context.queryDevice());
    }

    /** The same, for the attributes {@code ibv_query_device} gave of {@code device}. */
    static void requireAtomics(String device, ibv_device_attr attr) {
        if (attr.atomic_cap == IBV_ATOMIC_NONE) {
            throw new VerbsException("ibv_query_device(" + device + ")", "its atomic_cap is IBV_ATOMIC_NONE:"
                    + " it executes no atomic operation", "Run on a device whose ibv_devinfo -v shows atomic_cap ATOMIC_HCA or ATOMIC_GLOB");
        }
    }

    /**
     * A QP must not have more RDMA READs and atomics in flight than its peer serves: the peer's
     * responder keeps state for each, and refuses one too many. perftest issues as many as the
     * peer serves; so does this side, unless {@code -o} asks for more, which is refused.
     */
    private void requireServed(ReadPeer peer) {
        if (options.outs != null && options.outs > peer.readsServed()) {
            throw new VerbsException("-o/--outs " + options.outs, "the peer serves only " + peer.readsServed()
                    + " RDMA READs and atomics at once (its max_dest_rd_atomic)", "Pass -o " + peer.readsServed() + " or less");
        }
    }

    /**
     * perftest's handshake over a TCP connection that stays open: after the test perftest's two
     * sides talk once more on it (ctx_close_connection, and ib_atomic_bw's results).
     */
    private PeerWatch<ReadPeer> handshake(Connection<ReadPeer> connection, String host, Consumer<ServerSocket> listening) {
        ReadPeer mine = connection.announce();
        Socket socket = AddressExchange.open(host, options.perf.connection.port, listening);
        try {
            ReadPeer peer = PerftestHandshake.handshake(connection, socket, host != null, mine, options.perf.bandwidth);
            return PeerWatch.unwatched(socket, peer, connection.endpoint().qp());
        } catch (RuntimeException failure) {
            Closeables.closeQuietly(socket);
            throw failure;
        }
    }

    private void printHeader(PrintStream sideOut, Connection<ReadPeer> connection, int outstanding) {
        sideOut.println("---------------------------------------------------------------------------------------");
        sideOut.println("                    Atomic " + options.type + (options.perf.bandwidth ? " BW Test" : " Latency Test"));
        sideOut.printf(" Device         : %s\t\tTransport type : IB (RC)%n", connection.endpoint().port().name());
        sideOut.printf(" Message size   : %d\t\tIterations     : %d%n", AtomicRequest.WORD, options.perf.iters());
        sideOut.printf(" Outstand reads : %d%n", outstanding);
        sideOut.println("---------------------------------------------------------------------------------------");
    }

    // ---------------------------------------------------------------------------------------------
    // The initiator

    /**
     * The initiator: one atomic on the target's first word, {@code -n} times, one at a time or
     * many in flight, then perftest's last words. A deliberate failure changes the rkey, or names
     * a word that is not 8-byte aligned.
     */
    private void initiate(Connection<ReadPeer> connection, PeerWatch<ReadPeer> watch, ReadExchange limits, PrintStream sideOut) {
        ReadPeer peer = watch.peer();
        MemoryRegion local = connection.endpoint().buffer();
        sideOut.printf("  atomics in flight: at most %d (max_rd_atomic: the fewer of this side's %d and the %d the peer serves)%n",
                limits.readsToIssue(connection.endpoint(), peer), limits.outstanding(connection.endpoint()), peer.readsServed());
        Failure fail = options.fail;
        if (fail != null) {
            sideOut.printf("--fail %s: this atomic should be refused %s%n", Cli.OptionNames.optionName(fail),
                    fail == Failure.misaligned ? "before it is posted" : "by the target's device");
        }
        long word = peer.buffer().address() + (fail == Failure.misaligned ? AtomicRequest.WORD / 2 : 0);
        int rkey = fail == Failure.wrong_rkey ? peer.buffer().rkey() ^ 0x5a5a : peer.buffer().rkey();
        long compareAdd = options.type == AtomicType.FETCH_AND_ADD ? ADD : COMPARE;
        int iters = options.perf.iters();
        int messagesPerWait = options.perf.bandwidth ? options.perf.signalEvery() : 1;
        Waits waits = new Waits(connection, watch, INITIATOR, messagesPerWait, AtomicRequest.WORD);
        Supplier<SendRequest> atomic = () -> AtomicRequest.of(connection.endpoint().qp(), options.type, local, 0, word, rkey,
                compareAdd, SWAP, INITIATOR);
        if (options.perf.bandwidth) {
            bandwidth(connection, watch, atomic, waits, sideOut);
            return;
        }
        FetchedValues fetched = latency(atomic.get(), local, waits, iters);
        fetched.report().lines(AtomicRequest.WORD, 1).forEach(sideOut::println);
        summary(sideOut, fetched.report().seconds());
        sideOut.println(fetched.describe(options.type, iters));
        PerftestHandshake.closeConnection(connection, watch, true);
    }

    /** The original values the latency test's atomics fetched: the first, the last, and how many steps were not the one expected. */
    private record FetchedValues(LatencyReport report, long first, long last, int unexpectedSteps, long step) {
        String describe(AtomicType type, int iters) {
            String found = unexpectedSteps == 0 ? (step == 0 ? "each found the same value"
                    : "each found the word " + step + " higher than the one before")
                    : unexpectedSteps + " found the word other than " + step + " higher than the one before (another writer?)";
            // The word is 64 bits without a sign, as verbs declares it (uint64_t).
            return String.format("fetched: the first %s found %s, the last %s; %s", type, Long.toUnsignedString(first),
                    Long.toUnsignedString(last), found);
        }
    }

    /**
     * ib_atomic_lat's loop: post one atomic, wait for its completion, read the original value the
     * target's device sent back, again. Like a READ, an atomic is a round trip by itself: the
     * request goes out, the response brings the old value. Alone on the word, each FETCH_AND_ADD
     * finds it exactly {@link #ADD} higher than the one before.
     */
    private FetchedValues latency(SendRequest atomic, MemoryRegion local, Waits waits, int iters) {
        LatencyReport report = new LatencyReport(iters);
        // A view of the 8 bytes made once: the loop reads the fetched value without a native call.
        ByteBuffer original = local.buffer().getByteBuffer(0, AtomicRequest.WORD).order(ByteOrder.nativeOrder());
        long step = options.type == AtomicType.FETCH_AND_ADD ? ADD : 0;
        atomic.sendFlags(SendFlag.IBV_SEND_SIGNALED.value());
        long first = atomicOnce(0, atomic, waits, original, report);
        long last = first;
        int unexpectedSteps = 0;
        for (int i = 1; i < iters; i++) {
            long fetched = atomicOnce(i, atomic, waits, original, report);
            if (fetched != last + step) {
                unexpectedSteps++;
            }
            last = fetched;
        }
        report.finished();
        return new FetchedValues(report, first, last, unexpectedSteps, step);
    }

    /**
     * Atomic number {@code i}, from its post to its completion, and the value it fetched: a method
     * of its own, so that the JIT compiles it after a few hundred calls (chapter 04's
     * {@code PingpongLoop} says why).
     */
    private static long atomicOnce(int i, SendRequest atomic, Waits waits, ByteBuffer original, LatencyReport report) {
        report.started(i);
        atomic.wrId(i);
        atomic.post();
        waits.awaitSends(i + 1, "the completion of this side's atomic");
        return original.getLong(0);
    }

    /** rc_pingpong's two lines, for the 8 bytes each atomic fetched. */
    private void summary(PrintStream sideOut, double seconds) {
        int iters = options.perf.iters();
        ResultLines.of((long) AtomicRequest.WORD * iters, iters, (long) (seconds * 1e9)).forEach(sideOut::println);
    }

    /**
     * ib_atomic_bw's loop, chapter 05's {@link BandwidthLoop} with atomics: the whole {@code -t}
     * posted, a completion every {@code -Q}; the QP issues max_rd_atomic of them at once and holds
     * the rest back, as it does READs. Then the figures go to the target, as ib_atomic_bw's do.
     */
    private void bandwidth(Connection<ReadPeer> connection, PeerWatch<ReadPeer> watch, Supplier<SendRequest> atomic, Waits waits,
            PrintStream sideOut) {
        int iters = options.perf.iters();
        SendRequest[][] list = RdmaRequests.list(options.perf.postList, message -> new SendRequest[] {atomic.get()});
        BandwidthReport report = new BandwidthLoop(waits, iters, options.perf.depth(), options.perf.signalEvery()).run(list, 0);
        BandwidthReport.Figures figures = report.figures(AtomicRequest.WORD, iters, options.perf.unit());
        figures.lines(options.perf.unit()).forEach(sideOut::println);
        summary(sideOut, report.seconds());
        PerftestHandshake.results(connection, watch, figures, true);
    }

    // ---------------------------------------------------------------------------------------------
    // The target

    /**
     * The target: nothing to do until the initiator says it finished, as perftest's server waits
     * in ctx_close_connection (ib_atomic_lat) or for its client's figures (ib_atomic_bw). Its
     * thread sleeps in a read meanwhile. Then it looks at its words.
     */
    private void serve(Connection<ReadPeer> connection, PeerWatch<ReadPeer> watch, PrintStream sideOut) {
        IdleMeter idle = IdleMeter.start();
        try {
            if (options.perf.bandwidth) {
                PerftestHandshake.results(connection, watch, BandwidthReport.Figures.NONE, false).lines(options.perf.unit())
                        .forEach(sideOut::println);
            } else {
                PerftestHandshake.closeConnection(connection, watch, false);
            }
        } catch (PeerGoneException peerFailed) {
            // An initiator that failed may have failed because this side's device refused it: the QP's state says so.
            throw watch.gone("target: waiting for the initiator",
                    "the peer closed its connection before it finished: it failed or was stopped");
        }
        int completions = new Completions(connection.endpoint().cq(), 1, "target").poll();
        sideOut.printf("target: the initiator finished while this side waited %.2f s; it posted 0 receives, its CQ holds %d"
                + " completions, and it used %.3f s of CPU%n", idle.seconds(), completions, idle.cpuSeconds());
        checkWords(connection.endpoint().buffer(), sideOut);
    }

    /**
     * The words of the page, added up: the initiator's atomics are the only writers since they were
     * zeroed, so {@code -n} FETCH_AND_ADDs of {@link #ADD} make exactly {@code -n} times it,
     * wherever in the page they landed; CMP_AND_SWAPs of 0 for 0 leave every word 0.
     */
    private void checkWords(MemoryRegion buffer, PrintStream sideOut) {
        long sum = 0;
        int words = (int) (buffer.length() / AtomicRequest.WORD);
        for (int i = 0; i < words; i++) {
            sum += buffer.buffer().getLong((long) i * AtomicRequest.WORD);
        }
        int iters = options.perf.iters();
        long expected = options.type == AtomicType.FETCH_AND_ADD ? iters * ADD : 0;
        if (sum != expected) {
            throw new VerbsException("target: its words", "they add up to " + sum + ", not the " + expected + " that " + iters
                    + " " + options.type + "s make", "Start both sides with the same -n/--iters and -A/--atomic_type");
        }
        sideOut.println(options.type == AtomicType.FETCH_AND_ADD
                ? String.format("target: its %d words add up to %d: %d FETCH_AND_ADDs of %d, every one of them", words, sum, iters, ADD)
                : String.format("target: its %d words add up to %d: %d CMP_AND_SWAPs each found %d and wrote %d", words, sum, iters,
                        COMPARE, SWAP));
    }
}
