package rdma.queues;

import com.sun.jna.Pointer;
import rdma.devices.DeviceContext;

/**
 * A program's choice of how to wait for completions, applied to each device context it opens:
 * whether its CQs report to a completion channel, and which {@link CompletionWaiter} then waits
 * on each CQ. {@link #POLL} needs neither; chapter 08 adds channels. Resources go in this order,
 * and are closed in the reverse one:
 *
 * <pre>
 * try (DeviceContext context = DeviceContext.open(device);
 *      Waiting.Scope scope = waiting.open(context);          // a completion channel, or nothing
 *      Endpoint endpoint = Endpoint.create(port, gid, spec.withCompletionChannel(scope.channel()));
 *      CompletionWaiter waiter = scope.waiter(endpoint.cq())) {
 * </pre>
 */
public interface Waiting {
    /** What one device context's CQs report to and are waited on with. */
    interface Scope extends AutoCloseable {
        /** The {@code struct ibv_comp_channel *} for the CQs, or null when they are polled. */
        Pointer channel();

        /** The waiter for {@code cq}, which must report to {@link #channel}. */
        CompletionWaiter waiter(CompletionQueue cq);

        @Override
        void close();
    }

    Scope open(DeviceContext context);

    /** The name programs print. */
    String label();

    /** Busy polling, with no channel. */
    Waiting POLL = new Waiting() {
        @Override
        public Scope open(DeviceContext context) {
            return new Scope() {
                @Override
                public Pointer channel() {
                    return null;
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
