package rdma.bench;

import com.sun.jna.Pointer;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import rdma.pingpong.Pingpong;
import rdma.pingpong.PingpongLoop;
import rdma.pingpong.waiting.CompletionWaiter;
import rdma.queues.Endpoint;
import rdma.queues.EndpointSpec;
import rdma.queues.c.SendFlag;

/**
 * What a message costs in software alone: chapter 04's pingpong loop, and rc_pingpong's in C,
 * on the null device, which completes each work request in memory as it is posted. Each
 * invocation runs {@link #MESSAGES} messages on a QP connected to itself; JMH reports the time
 * per message. The C loop is called once per invocation, so its one JNA call is spread over
 * ten thousand messages.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class NullDeviceBenchmark {
    static final int MESSAGES = 10_000;

    /** One looped-back endpoint per route and size: the routes never share a queue. */
    @State(Scope.Thread)
    public abstract static class Route {
        @Param({"64", "4096"})
        public int size;
        NullDevice device;

        @Setup
        public void open() {
            device = NullDevice.open(spec());
            prepare(device.endpoint());
        }

        /** The endpoint the route's program would make: chapter 04's. */
        EndpointSpec spec() {
            return Pingpong.spec(size, NullDevice.RX_DEPTH);
        }

        abstract void prepare(Endpoint endpoint);

        @TearDown
        public void close() {
            device.close();
        }
    }

    /** rc_pingpong.c's loop in C, through verbs.h's inline functions. */
    public static class C extends Route {
        Pointer loop;

        @Override
        void prepare(Endpoint endpoint) {
            loop = CLoops.cloop_open(endpoint.qp().pointer(), endpoint.cq().pointer(), endpoint.buffer().address(),
                    endpoint.buffer().lkey(), size, NullDevice.RX_DEPTH);
            if (loop == null) {
                throw new IllegalStateException("cloop_open could not post its receives");
            }
        }

        @Override
        public void close() {
            CLoops.cloop_close(loop);
            super.close();
        }
    }

    /** Chapter 04's {@link PingpongLoop}, as its program runs it: JNA direct mapping. */
    public static class Jna extends Route {
        PingpongLoop loop;

        @Override
        void prepare(Endpoint endpoint) {
            loop = new PingpongLoop(endpoint, size, NullDevice.RX_DEPTH, MESSAGES, SendFlag.IBV_SEND_SIGNALED.value(),
                    CompletionWaiter.POLL, "bench");
            loop.postInitialReceives();
        }
    }

    @Benchmark
    @OperationsPerInvocation(MESSAGES)
    public long c(C route) {
        long nanos = CLoops.cloop_pingpong(route.loop, MESSAGES);
        if (nanos < 0) {
            throw new IllegalStateException("the C loop failed");
        }
        return nanos;
    }

    @Benchmark
    @OperationsPerInvocation(MESSAGES)
    public long jna(Jna route) {
        return route.loop.run(true);
    }
}
