package rdma.queues;

/**
 * How a program waits for the next completions of one CQ. Chapters 03 to 07 poll: the thread
 * spins on {@code ibv_poll_cq}, the lowest latency at the price of a busy core. Chapter 08 adds
 * waiters that sleep on a completion channel; loops written against this interface take either.
 *
 * <p>A waiter is closed before its CQ is destroyed: one that sleeps on a channel must acknowledge
 * every event it took first, or {@code ibv_destroy_cq} waits for ever.
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
