package rdma.pingpong;

/**
 * Told of the progress of a data loop, as it happens: tests watch the loops from outside through
 * it (allocation, for one), so that the loops hold no test code. Called from the loop's thread.
 */
@FunctionalInterface
public interface LoopObserver {
    /** {@code messages} messages have arrived (or, in a one-sided test, completed) so far. */
    void received(int messages);

    LoopObserver NONE = messages -> { };
}
