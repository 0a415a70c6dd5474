package rdma.pingpong.waiting;

import rdma.devices.DeviceContext;
import rdma.queues.CompletionQueue;

/**
 * A program's choice of how to wait for completions, applied to each device context it opens:
 * how the CQs of that context are created, and which {@link CompletionWaiter} then waits on each
 * one. {@link #POLL}, chapter 04's, creates plain CQs and spins on them; a program that waits
 * another way passes in its own. Resources go in this order, and are closed in the reverse one:
 *
 * <pre>
 * try (DeviceContext context = DeviceContext.open(device);
 *      Waiting.Scope scope = waiting.open(context);
 *      Endpoint endpoint = Endpoint.create(port, gid, spec, ignored -> scope.createCq(spec.cqEntries()));
 *      CompletionWaiter waiter = scope.waiter(endpoint.cq())) {
 * </pre>
 */
public interface Waiting {
    /** How one device context's CQs are made and waited on. */
    interface Scope extends AutoCloseable {
        /** A CQ of this context with room for {@code entries} completions, made so that {@link #waiter} can wait on it. */
        CompletionQueue createCq(int entries);

        /** The waiter for {@code cq}, a CQ this scope created. */
        CompletionWaiter waiter(CompletionQueue cq);

        /** Releases what the scope holds, after the CQs it created are destroyed. */
        @Override
        void close();
    }

    Scope open(DeviceContext context);

    /** The name programs print. */
    String label();

    /** Busy polling on plain CQs. */
    Waiting POLL = new Waiting() {
        @Override
        public Scope open(DeviceContext context) {
            return new Scope() {
                @Override
                public CompletionQueue createCq(int entries) {
                    return CompletionQueue.create(context, entries);
                }

                @Override
                public CompletionWaiter waiter(CompletionQueue cq) {
                    return CompletionWaiter.POLL;
                }

                @Override
                public void close() {
                }
            };
        }

        @Override
        public String label() {
            return "poll";
        }
    };
}
