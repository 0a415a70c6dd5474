package rdma.events.timeouts;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import rdma.support.Threads;

/**
 * Keeps the time of a waiter's sleeps on a thread of its own, so that the sleeping thread makes no
 * system call but its read and reads no clock: the waiter says when it falls asleep, and for how
 * long at most ({@link #asleep}), and when it wakes ({@link #awake}), each a write to memory. The
 * watchdog looks every quarter of that time (at most every {@link #MAX_LOOK_NANOS}), and rings the
 * {@link Alarm} when one sleep has lasted its time: a sleep with nothing to wake it ends between
 * its timeout and a quarter of it later. Sleeps are numbered, so that a ring that came as its
 * sleep was ending anyway does not end the next one ({@link #heard}). Only this thread touches the
 * alarm's QP: it rings it, and once the waiter has heard it, sets it again.
 */
public final class Watchdog implements AutoCloseable {
    static final long MAX_LOOK_NANOS = TimeUnit.MILLISECONDS.toNanos(250);
    private static final long MIN_LOOK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private final Alarm alarm;
    private final Thread thread;
    /** The current sleep's timeout, written before {@link #sleeps} makes it visible. */
    private volatile long timeoutNanos = MAX_LOOK_NANOS;
    /** Odd while the waiter sleeps: each sleep has a number of its own. Only the waiter's thread writes it. */
    private volatile int sleeps;
    /** The sleep the alarm rang for; 0 while the alarm is set. */
    private volatile int rangFor;
    /** The waiter took the alarm's event: the alarm may be set again. */
    private volatile boolean heard;
    private volatile boolean closed;
    private volatile RuntimeException failure;

    /** Starts the thread that watches, named {@code name}. */
    public Watchdog(Alarm alarm, String name) {
        this.alarm = alarm;
        this.thread = new Thread(this::watch, name);
        thread.setDaemon(true);
        thread.start();
    }

    /** The waiter falls asleep for {@code timeoutNanos} at most; unless the alarm failed, which ends the waiting. */
    public void asleep(long timeoutNanos) {
        RuntimeException failed = failure;
        if (failed != null) {
            throw failed;
        }
        this.timeoutNanos = timeoutNanos;
        sleeps++; // one writer: the increment needs no atomicity, only visibility
    }

    /** The waiter is awake again. */
    public void awake() {
        sleeps++;
    }

    /**
     * The waiter took the alarm's event (and acknowledged it): whether the alarm rang for the sleep
     * going on now, whose time is then up. Either way, the watchdog sets it again at its next look.
     */
    public boolean heard() {
        boolean thisSleep = rangFor == sleeps;
        heard = true;
        return thisSleep;
    }

    private void watch() {
        try {
            int watched = 0;
            long since = 0;
            while (!closed) {
                LockSupport.parkNanos(this, Math.max(MIN_LOOK_NANOS, Math.min(MAX_LOOK_NANOS, timeoutNanos / 4)));
                if (rangFor != 0) {
                    if (heard) { // the flushed receive was seen: set the alarm for the sleeps to come
                        heard = false;
                        alarm.reset();
                        rangFor = 0;
                    }
                    watched = 0;
                    continue;
                }
                int sleep = sleeps;
                if ((sleep & 1) == 0) {
                    watched = 0; // awake
                    continue;
                }
                long now = System.nanoTime();
                if (sleep != watched) {
                    watched = sleep; // a sleep that began since the last look: it lasted this long at least
                    since = now;
                } else if (now - since >= timeoutNanos) {
                    rangFor = sleep;
                    alarm.ring();
                    watched = 0;
                }
            }
        } catch (RuntimeException broken) {
            failure = broken; // the waiter's next sleep throws it
        }
    }

    /** Stops the thread and waits for it: the alarm must not ring once it is closed. */
    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(thread);
        Threads.joinUninterruptibly(thread);
    }
}
