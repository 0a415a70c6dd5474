package rdma.devices;

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
