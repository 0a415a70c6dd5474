package rdma.write;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * What shows that a target's CPU took no part in a one-sided transfer: how long its thread
 * waited, and how much CPU time that thread used meanwhile, from the JVM's own per-thread
 * counter. Started and read on the same thread.
 */
public final class IdleMeter {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final long startNanos = System.nanoTime();
    private final long cpuStartNanos = THREADS.getCurrentThreadCpuTime();

    private IdleMeter() {
    }

    /** Starts measuring the current thread. */
    public static IdleMeter start() {
        return new IdleMeter();
    }

    /** Seconds since {@link #start}. */
    public double seconds() {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    /** CPU seconds the thread used since {@link #start}. */
    public double cpuSeconds() {
        return (THREADS.getCurrentThreadCpuTime() - cpuStartNanos) / 1e9;
    }
}
