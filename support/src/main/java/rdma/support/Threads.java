package rdma.support;

/** What a class with a thread of its own needs when it closes. */
public final class Threads {
    private Threads() {
    }

    /**
     * Waits until {@code thread} has ended, however often the caller is interrupted meanwhile (the
     * thread may still use native memory that the caller frees next), and then keeps the caller's
     * interrupt for whoever looks at it later.
     */
    public static void joinUninterruptibly(Thread thread) {
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException again) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
