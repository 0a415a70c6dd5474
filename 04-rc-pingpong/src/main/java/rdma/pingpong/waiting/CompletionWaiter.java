package rdma.pingpong.waiting;

import rdma.queues.Completions;

/**
 * How a loop waits for the next completions of one CQ. Chapter 04 polls ({@link #POLL}): the
 * thread spins on {@code ibv_poll_cq}, the lowest latency at the price of a busy core. Loops
 * written against this interface take any other way of waiting a program passes in
 * ({@link Waiting}), such as chapter 08's sleep on a completion channel.
 *
 * <p>A waiter is closed before its CQ is destroyed, so that a waiter that holds something of the
 * CQ's can give it back first.
 */
public interface CompletionWaiter extends AutoCloseable {
    /**
     * Fills {@code completions} with the next completions of its CQ and returns how many there
     * are, or returns 0 when none arrived within {@code timeoutNanos}.
     */
    int await(Completions completions, long timeoutNanos);

    /** Nothing to release for a waiter that only polls. */
    @Override
    default void close() {
    }

    /** Busy polling. */
    CompletionWaiter POLL = Completions::awaitAny;
}
