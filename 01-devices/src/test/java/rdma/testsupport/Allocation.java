package rdma.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;

/**
 * Whether a loop creates objects, measured from outside the program with the JVM's own
 * per-thread allocation counter: a whole run with few iterations and one with many, after one to
 * warm up. Everything but the loop is the same in both, so the extra iterations must add less
 * than a byte each. The setting up around the loop allocates megabytes, and not always to the
 * byte alike (caches filled, code paths taken a first time), so a pair that misses is measured
 * again, three times at most: a loop that allocates misses in every pair, by its iterations.
 */
public final class Allocation {
    private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();

    /** One run of the program with a number of iterations, whose loop runs in the calling thread. */
    @FunctionalInterface
    public interface Run {
        void run(int iterations) throws Exception;
    }

    private Allocation() {
    }

    /** Bytes the calling thread allocates during one run of {@code iterations}. */
    public static long of(Run run, int iterations) throws Exception {
        long before = THREADS.getCurrentThreadAllocatedBytes();
        run.run(iterations);
        return THREADS.getCurrentThreadAllocatedBytes() - before;
    }

    /** Fails unless {@code longer} iterations allocate less than a byte each more than {@code shorter} do. */
    public static void assertLoopAllocatesNothing(Run run, int shorter, int longer, String loop) throws Exception {
        assertLoopAllocatesNothing(run, shorter, longer, loop, 0);
    }

    /**
     * Fails unless {@code longer} iterations allocate less than a byte each more than {@code shorter}
     * do, beyond {@code outsideBytesPerIteration}: what the program allocates before and after its
     * loop in proportion to the iterations (an array of every iteration's time, as perftest keeps).
     */
    public static void assertLoopAllocatesNothing(Run run, int shorter, int longer, String loop, int outsideBytesPerIteration)
            throws Exception {
        of(run, shorter / 2);
        long outside = (long) outsideBytesPerIteration * (longer - shorter);
        StringBuilder pairs = new StringBuilder();
        for (int attempt = 1; attempt <= 3; attempt++) {
            long shortRun = of(run, shorter);
            long longRun = of(run, longer);
            assertThat(shortRun).as("a run allocates while it sets up, so the counter counts").isPositive();
            if (longRun - shortRun - outside < longer - shorter) {
                return;
            }
            pairs.append(String.format(" %d and %d bytes (%+d);", shortRun, longRun, longRun - shortRun));
        }
        throw new AssertionError(longer - shorter + " more iterations of " + loop + " allocated at least as many bytes"
                + (outside > 0 ? " beyond the " + outside + " their arrays outside the loop take" : "")
                + ", in each of three pairs of whole runs:" + pairs);
    }
}
