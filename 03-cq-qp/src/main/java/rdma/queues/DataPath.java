package rdma.queues;

import com.sun.jna.Function;
import com.sun.jna.Pointer;
import rdma.devices.VerbsException;

/**
 * The data-path verbs. {@code ibv_post_send}, {@code ibv_post_recv} and {@code ibv_poll_cq} are
 * not functions of libibverbs at all: {@code verbs.h} defines them {@code static inline}, and each
 * one only reads a function pointer out of the device context and calls it:
 *
 * <pre>
 * static inline int ibv_poll_cq(struct ibv_cq *cq, int num_entries, struct ibv_wc *wc)
 * {
 *         return cq-&gt;context-&gt;ops.poll_cq(cq, num_entries, wc);
 * }
 * </pre>
 *
 * That pointer leads straight into the provider (librxe, libmlx5, ...), skipping the library and
 * the kernel: this is the fast path. Java does the same: it reads the pointer at the offset of
 * {@code ops.<verb>} in {@code struct ibv_context} (proven by the layout test) and calls it
 * through a JNA {@link Function}, built once per call site and reused.
 */
public final class DataPath {
    private DataPath() {
    }

    /** A data-path verb bound once to its arguments, then called as often as needed. */
    public static final class BoundCall {
        private final Function function;
        private final Object[] arguments;

        private BoundCall(Function function, Object... arguments) {
            this.function = function;
            this.arguments = arguments;
        }

        public int invoke() {
            return function.invokeInt(arguments);
        }
    }

    /**
     * {@code ibv_post_send(qp, wr, bad_wr)}: {@code qp->context->ops.post_send(qp, wr, bad_wr)}.
     * {@code context} is the {@code struct ibv_context *} the QP was created on, which is what
     * {@code qp->context} holds.
     */
    public static BoundCall ibv_post_send(Pointer context, Pointer qp, Pointer wr, Pointer bad_wr) {
        return new BoundCall(operation(context, "post_send"), qp, wr, bad_wr);
    }

    /** {@code ibv_post_recv(qp, wr, bad_wr)}: {@code qp->context->ops.post_recv(qp, wr, bad_wr)}. */
    public static BoundCall ibv_post_recv(Pointer context, Pointer qp, Pointer wr, Pointer bad_wr) {
        return new BoundCall(operation(context, "post_recv"), qp, wr, bad_wr);
    }

    /** {@code ibv_poll_cq(cq, num_entries, wc)}: {@code cq->context->ops.poll_cq(cq, num_entries, wc)}. */
    public static BoundCall ibv_poll_cq(Pointer context, Pointer cq, int num_entries, Pointer wc) {
        return new BoundCall(operation(context, "poll_cq"), cq, num_entries, wc);
    }

    private static Function operation(Pointer context, String name) {
        Pointer function = context.getPointer(ibv_context.opsOffsetOf(name));
        if (function == null) {
            throw new VerbsException("ibv_" + name, "the device's provider has no " + name + " operation",
                    "Use a device whose provider supports it (ibv_devinfo)");
        }
        return Function.getFunction(function);
    }
}
