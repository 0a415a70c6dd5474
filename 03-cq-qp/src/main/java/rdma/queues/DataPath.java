package rdma.queues;

import com.sun.jna.Function;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
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
 * through JNA, with the arguments bound once per call site.
 */
public final class DataPath {
    /**
     * JNA's public {@code Function.invokeInt(Object[])} copies the argument array on every call,
     * to convert arguments (24 bytes of garbage and about 330 ns a call, measured). Our arguments
     * are already what C gets ({@code Pointer}s and {@code Integer}s), so the data path calls the
     * entry point that {@code Function} itself ends in, {@code Native.invokeInt(Function, long
     * address, int callFlags, Object[] args)}: no copy, no allocation, about 185 ns a call. It is
     * package-private in JNA, hence the private lookup; JNA's version is pinned in the parent POM.
     */
    private static final MethodHandle NATIVE_INVOKE_INT = nativeInvokeInt();
    /** {@code Function.C_CONVENTION}, no other call flags. */
    private static final int CALL_FLAGS = Function.C_CONVENTION;

    private DataPath() {
    }

    private static MethodHandle nativeInvokeInt() {
        try {
            return MethodHandles.privateLookupIn(Native.class, MethodHandles.lookup()).findStatic(Native.class,
                    "invokeInt", MethodType.methodType(int.class, Function.class, long.class, int.class, Object[].class));
        } catch (ReflectiveOperationException | IllegalArgumentException notThisJna) {
            throw new ExceptionInInitializerError("JNA " + Native.VERSION + " has no Native.invokeInt(Function, long, int,"
                    + " Object[]); use the JNA version the parent POM pins: " + notThisJna);
        }
    }

    /** A data-path verb bound once to its arguments, then called as often as needed, allocating nothing. */
    public static final class BoundCall {
        private final Function function;
        private final long address;
        private final Object[] arguments;

        private BoundCall(Function function, Object... arguments) {
            this.function = function;
            this.address = Pointer.nativeValue(function);
            this.arguments = arguments;
        }

        public int invoke() {
            try {
                return (int) NATIVE_INVOKE_INT.invokeExact(function, address, CALL_FLAGS, arguments);
            } catch (RuntimeException | Error failure) {
                throw failure;
            } catch (Throwable impossible) {
                throw new IllegalStateException(impossible);
            }
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
