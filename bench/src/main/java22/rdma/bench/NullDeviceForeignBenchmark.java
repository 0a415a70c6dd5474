package rdma.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import rdma.foreign.ForeignDataPath;
import rdma.pingpong.PingpongLoop;
import rdma.pingpong.waiting.CompletionWaiter;
import rdma.queues.DataPath;
import rdma.queues.Endpoint;
import rdma.queues.c.SendFlag;
import rdma.write.perftest.BandwidthReport;
import rdma.write.perftest.LatencyReport;

/**
 * {@link NullDeviceBenchmark}'s and {@link NullDeviceWriteBenchmark}'s Java loops with the
 * appendix's data path: the same loops, the same queues, the calls through java.lang.foreign.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class NullDeviceForeignBenchmark {
    /** Chapter 04's {@link PingpongLoop} with {@link ForeignDataPath}. */
    public static class Ffm extends NullDeviceBenchmark.Route {
        PingpongLoop loop;

        @Override
        void prepare(Endpoint endpoint) {
            loop = new PingpongLoop(endpoint, size, NullDevice.RX_DEPTH, NullDeviceBenchmark.MESSAGES,
                    SendFlag.IBV_SEND_SIGNALED.value(), CompletionWaiter.POLL, "bench", ForeignDataPath.of(endpoint.context()));
            loop.postInitialReceives();
        }
    }

    /** Chapter 05's {@link rdma.write.WriteLoops} with {@link ForeignDataPath}. */
    public static class WriteFfm extends NullDeviceWriteBenchmark.Chapter {
        @Override
        DataPath dataPath(Endpoint endpoint) {
            return ForeignDataPath.of(endpoint.context());
        }
    }

    /** The same, with {@code post_send} a critical downcall: what the thread's change of state costs. */
    public static class WriteCriticalPost extends NullDeviceWriteBenchmark.Chapter {
        @Override
        DataPath dataPath(Endpoint endpoint) {
            return new CriticalPostDataPath(endpoint);
        }
    }

    @Benchmark
    @OperationsPerInvocation(NullDeviceBenchmark.MESSAGES)
    public long ffm(Ffm route) {
        return route.loop.run(true);
    }

    @Benchmark
    @OperationsPerInvocation(NullDeviceBenchmark.MESSAGES)
    public LatencyReport latencyFfm(WriteFfm route) {
        return NullDeviceWriteBenchmark.latency(route);
    }

    @Benchmark
    @OperationsPerInvocation(NullDeviceBenchmark.MESSAGES)
    public BandwidthReport bandwidthFfm(WriteFfm route) {
        return NullDeviceWriteBenchmark.bandwidth(route);
    }

    @Benchmark
    @OperationsPerInvocation(NullDeviceBenchmark.MESSAGES)
    public LatencyReport latencyCriticalPost(WriteCriticalPost route) {
        return NullDeviceWriteBenchmark.latency(route);
    }

    @Benchmark
    @OperationsPerInvocation(NullDeviceBenchmark.MESSAGES)
    public BandwidthReport bandwidthCriticalPost(WriteCriticalPost route) {
        return NullDeviceWriteBenchmark.bandwidth(route);
    }
}
