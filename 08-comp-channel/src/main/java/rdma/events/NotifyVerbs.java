package rdma.events;

import com.sun.jna.Function;
import com.sun.jna.Pointer;
import rdma.devices.DeviceContext;
import rdma.queues.DataPath;

/**
 * {@code ibv_req_notify_cq}, the verb that arms a CQ, is not a function of libibverbs either:
 * like the data-path verbs of chapter 03, {@code verbs.h} defines it {@code static inline}, a
 * call through the device context's table:
 *
 * <pre>
 * static inline int ibv_req_notify_cq(struct ibv_cq *cq, int solicited_only)
 * {
 *         return cq-&gt;context-&gt;ops.req_notify_cq(cq, solicited_only);
 * }
 * </pre>
 *
 * It is bound the way chapter 03 binds them: {@link DataPath#linkOnce} links the native method
 * below to {@code ops.req_notify_cq} of the first device's table; a device of another provider
 * (another table) is called through a JNA {@code Function}.
 */
@FunctionalInterface
public interface NotifyVerbs {
    /**
     * {@code cq->context->ops.req_notify_cq(cq, solicited_only)}: asks for one event on the CQ's
     * channel at its next completion (only a solicited or failed one with {@code solicitedOnly}).
     * 0 on success; on failure an errno value, or -1 with errno set, as providers differ.
     */
    int ibv_req_notify_cq(Pointer cq, int solicitedOnly);

    /** The verb for the CQs of {@code context}. */
    static NotifyVerbs of(DeviceContext context) {
        return Linked.of(context);
    }

    /** The binding: the native method linked to the first table, a JNA {@code Function} for another. */
    final class Linked {
        private Linked() {
        }

        private static native int req_notify_cq(Pointer cq, int solicited_only);

        static NotifyVerbs of(DeviceContext context) {
            String name = context.device().name();
            if (DataPath.linkOnce(Linked.class, context.pointer(), "req_notify_cq", name)) {
                return Linked::req_notify_cq;
            }
            Function other = Function.getFunction(new Pointer(DataPath.operation(context.pointer(), "req_notify_cq", name)));
            return (cq, solicitedOnly) -> other.invokeInt(new Object[] {cq, solicitedOnly});
        }
    }
}
