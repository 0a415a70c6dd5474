package rdma.support;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Verbs objects created one after another and released in the reverse order, as
 * try-with-resources would release them, for objects that must outlive one block: QP, CQ, MR,
 * PD, context.
 */
public final class ResourceStack implements AutoCloseable {
    private final Deque<AutoCloseable> resources = new ArrayDeque<>();

    /** Remembers {@code resource} to close it before everything pushed earlier. */
    public <T extends AutoCloseable> T push(T resource) {
        resources.push(resource);
        return resource;
    }

    /**
     * Closes everything after {@code failure} stopped the work that made it, and returns
     * {@code failure} to throw: a resource that cannot be closed then is added to it as
     * suppressed, so that the cleanup never hides why the work stopped.
     */
    public <X extends Throwable> X closeAfter(X failure) {
        try {
            close();
        } catch (RuntimeException cleanup) {
            failure.addSuppressed(cleanup);
        }
        return failure;
    }

    /** Closes newest first; the first failure is thrown after everything has been tried. */
    @Override
    public void close() {
        RuntimeException first = null;
        while (!resources.isEmpty()) {
            try {
                resources.pop().close();
            } catch (Exception failure) {
                RuntimeException unchecked = failure instanceof RuntimeException runtime ? runtime : new IllegalStateException(failure);
                if (first == null) {
                    first = unchecked;
                } else {
                    first.addSuppressed(unchecked);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
