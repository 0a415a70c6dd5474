package rdma.errors;

import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import rdma.errors.c.EventType;
import rdma.support.Threads;

/**
 * A thread that takes a context's asynchronous events as they come ({@link AsyncEvents}) and
 * prints each on a line of its own, labelled with {@code label}. It sleeps in {@code poll(2)} and
 * wakes every {@link #LOOK_NANOS} to see whether it should stop: a program that never reads its
 * async events misses a port going down, and holds a QP that failed without knowing.
 */
public final class EventWatch implements AutoCloseable {
    static final long LOOK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final AsyncEvents events;
    private final String label;
    private final PrintStream out;
    private final List<AsyncEvent> seen = new CopyOnWriteArrayList<>();
    private final Thread thread;
    private volatile boolean closed;
    private volatile RuntimeException failure;

    /** Starts watching {@code events}, printing to {@code out}. */
    public EventWatch(AsyncEvents events, String label, PrintStream out) {
        this.events = events;
        this.label = label;
        this.out = out;
        this.thread = new Thread(this::watch, label + "-async-events");
        thread.setDaemon(true);
        thread.start();
    }

    private void watch() {
        try {
            while (!closed) {
                events.next(LOOK_NANOS).ifPresent(event -> {
                    seen.add(event);
                    out.println(label + ": async event " + event);
                });
            }
        } catch (RuntimeException failed) {
            failure = failed;
        }
    }

    /** Whether an event of {@code type} was taken, waiting for one at most {@code nanos}. */
    public boolean await(EventType type, long nanos) {
        long deadline = System.nanoTime() + nanos;
        while (seen.stream().noneMatch(event -> event.type() == type.value())) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            LockSupport.parkNanos(LOOK_NANOS / 10);
        }
        return true;
    }

    /** Stops the thread; an error it met while watching is thrown here. */
    @Override
    public void close() {
        closed = true;
        Threads.joinUninterruptibly(thread);
        if (failure != null) {
            throw failure;
        }
    }
}
