package rdma.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import rdma.memory.c.Access;
import rdma.pingpong.waiting.CompletionWaiter;
import rdma.queues.Completions;
import rdma.queues.DataPath;
import rdma.queues.Endpoint;
import rdma.queues.EndpointSpec;
import rdma.queues.QueueCapacity;
import rdma.queues.requests.ReceiveRequest;
import rdma.support.CEnum;
import rdma.write.MessageBuffer;
import rdma.write.Notify;
import rdma.write.RdmaPeer;
import rdma.write.WriteLoops;
import rdma.write.WriteOptions;
import rdma.write.perftest.BandwidthReport;
import rdma.write.perftest.LatencyReport;
import rdma.write.session.Waits;

/**
 * Chapter 05's loops on the null device, and perftest's in C (cloops.c): the latency test
 * (ib_write_lat's loop, as the side that writes first) and the bandwidth test (ib_write_bw's), on
 * a QP connected to itself that writes from its buffer's outgoing half into its incoming half,
 * the "peer's" memory. Every route runs with the chapter's defaults for its test (inline up to
 * 220 bytes in a latency test; 128 writes in flight and a completion every 100 in a bandwidth
 * test) and the same flags. Each invocation is one run of {@link NullDeviceBenchmark#MESSAGES}
 * messages; JMH reports the time per message.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class NullDeviceWriteBenchmark {
    /** What chapter 05's program runs with when given no option but the iterations: its latency test. */
    static final WriteOptions LATENCY = defaults(false);
    /** The same with --bw. */
    static final WriteOptions BANDWIDTH = defaults(true);

    private static WriteOptions defaults(boolean bandwidth) {
        WriteOptions options = new WriteOptions();
        options.perf.bandwidth = bandwidth;
        options.perf.iters = NullDeviceBenchmark.MESSAGES;
        return options;
    }

    /** A looped-back endpoint as chapter 05's program makes one for a side that both writes and is written into. */
    public abstract static class Route extends NullDeviceBenchmark.Route {
        MessageBuffer buffer;
        RdmaPeer self;
        int latencyInline;
        int bandwidthInline;

        @Override
        EndpointSpec spec() {
            return EndpointSpec.of(MessageBuffer.bytesFor(size, true, true))
                    .withBufferAccess(CEnum.bits(Access.IBV_ACCESS_LOCAL_WRITE, Access.IBV_ACCESS_REMOTE_WRITE))
                    .withQpAccess(CEnum.bits(Access.IBV_ACCESS_REMOTE_WRITE))
                    .withCapacity(QueueCapacity.of(BANDWIDTH.perf.depth() + 2, 1).withInlineData(LATENCY.inlineSize()));
        }

        @Override
        void prepare(Endpoint endpoint) {
            buffer = MessageBuffer.of(endpoint.buffer(), size, true, true);
            self = new RdmaPeer(endpoint.address(), buffer.granted());
            latencyInline = LATENCY.inlineFlag(size, endpoint.qp());
            bandwidthInline = BANDWIDTH.inlineFlag(size, endpoint.qp());
        }
    }

    /** perftest's loops in C, through verbs.h's inline calls. */
    public static class C extends Route {
    }

    /**
     * Chapter 05's {@link WriteLoops} through a data path. A test runs once (its counters start at
     * zero), so each invocation makes a new one around the completion array made here once: a
     * few small objects per ten thousand messages.
     */
    public abstract static class Chapter extends Route {
        DataPath dataPath;
        Completions completions;

        abstract DataPath dataPath(Endpoint endpoint);

        @Override
        void prepare(Endpoint endpoint) {
            super.prepare(endpoint);
            dataPath = dataPath(endpoint);
            completions = new Completions(endpoint.cq(), 16, "bench", dataPath);
        }

        WriteLoops test() {
            Waits waits = new Waits(completions, CompletionWaiter.POLL, null, "bench",
                    Waits.patienceNanos(NullDeviceBenchmark.MESSAGES, size));
            return new WriteLoops(device.endpoint(), waits, buffer, NullDeviceBenchmark.MESSAGES, Notify.poll, "bench",
                    new ReceiveRequest[0], dataPath);
        }
    }

    /** The chapter as its program runs: JNA direct mapping. */
    public static class Jna extends Chapter {
        @Override
        DataPath dataPath(Endpoint endpoint) {
            return DataPath.of(endpoint.context());
        }
    }

    @Benchmark
    @OperationsPerInvocation(NullDeviceBenchmark.MESSAGES)
    public long latencyC(C route) {
        Endpoint endpoint = route.device.endpoint();
        return checked(CLoops.cloop_write_latency(endpoint.qp().pointer(), endpoint.cq().pointer(), route.buffer.memory(),
                route.buffer.region().lkey(), route.buffer.region().rkey(), route.size, route.latencyInline,
                NullDeviceBenchmark.MESSAGES));
    }

    @Benchmark
    @OperationsPerInvocation(NullDeviceBenchmark.MESSAGES)
    public LatencyReport latencyJna(Jna route) {
        return latency(route);
    }

    @Benchmark
    @OperationsPerInvocation(NullDeviceBenchmark.MESSAGES)
    public long bandwidthC(C route) {
        Endpoint endpoint = route.device.endpoint();
        return checked(CLoops.cloop_write_bandwidth(endpoint.qp().pointer(), endpoint.cq().pointer(), route.buffer.memory(),
                route.buffer.region().lkey(), route.buffer.region().rkey(), route.size, route.bandwidthInline,
                NullDeviceBenchmark.MESSAGES, BANDWIDTH.perf.depth(), BANDWIDTH.perf.signalEvery()));
    }

    @Benchmark
    @OperationsPerInvocation(NullDeviceBenchmark.MESSAGES)
    public BandwidthReport bandwidthJna(Jna route) {
        return bandwidth(route);
    }

    /** The chapter's latency test, as the side that writes first, on a route's data path. */
    static LatencyReport latency(Chapter route) {
        return route.test().latency(route.self, true, route.latencyInline, null);
    }

    /** The chapter's bandwidth test with its defaults, on a route's data path. */
    static BandwidthReport bandwidth(Chapter route) {
        return route.test().bandwidth(route.self, BANDWIDTH.perf.depth(), BANDWIDTH.perf.signalEvery(), BANDWIDTH.perf.postList,
                route.bandwidthInline, null, true);
    }

    private static long checked(long nanos) {
        if (nanos < 0) {
            throw new IllegalStateException("the C loop failed");
        }
        return nanos;
    }
}
