package rdma.events.app;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import rdma.devices.DeviceContext;
import rdma.pingpong.waiting.CompletionWaiter;
import rdma.pingpong.waiting.Waiting;
import rdma.queues.CompletionQueue;
import rdma.queues.Completions;

/**
 * What waiting costs a run, seen from its waiters: a way of waiting that hands out the waiters
 * of {@code mode}, each one reading its thread's CPU time (user and system) when the loop first
 * waits and when the waiter is closed, after the loop. The data loop of each side runs on one
 * thread, and every completion it takes passes through its waiter.
 */
final class LoopMeter implements Waiting {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final Waiting mode;
    private final List<Metered> waiters = new CopyOnWriteArrayList<>();

    LoopMeter(Waiting mode) {
        this.mode = mode;
    }

    @Override
    public Scope open(DeviceContext context) {
        Scope scope = mode.open(context);
        return new Scope() {
            @Override
            public CompletionQueue createCq(int entries) {
                return scope.createCq(entries);
            }

            @Override
            public CompletionWaiter waiter(CompletionQueue cq) {
                Metered metered = new Metered(scope.waiter(cq));
                waiters.add(metered);
                return metered;
            }

            @Override
            public void close() {
                scope.close();
            }
        };
    }

    @Override
    public String label() {
        return mode.label();
    }

    /** The CPU time the loops of every waiter handed out so far used, from their first wait to their end. */
    long cpuNanos() {
        return waiters.stream().mapToLong(waiter -> waiter.cpuAtClose - waiter.cpuAtFirstWait).sum();
    }

    /** A waiter that notes its thread's CPU time at its first wait and when it is closed. */
    private static final class Metered implements CompletionWaiter {
        private final CompletionWaiter waiter;
        private boolean waited;
        private long cpuAtFirstWait;
        private long cpuAtClose;

        Metered(CompletionWaiter waiter) {
            this.waiter = waiter;
        }

        @Override
        public int await(Completions completions, long timeoutNanos) {
            if (!waited) {
                waited = true;
                cpuAtFirstWait = THREADS.getCurrentThreadCpuTime();
            }
            return waiter.await(completions, timeoutNanos);
        }

        @Override
        public void close() {
            cpuAtClose = waited ? THREADS.getCurrentThreadCpuTime() : cpuAtFirstWait;
            waiter.close();
        }
    }
}
