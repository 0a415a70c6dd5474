package rdma.queues;

import com.sun.jna.Function;
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import com.sun.jna.SymbolProvider;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import rdma.devices.DeviceContext;
import rdma.devices.c.ibv_context;
import rdma.support.Layout;
import rdma.support.VerbsException;

/**
 * The data-path verbs. {@code ibv_post_send}, {@code ibv_post_recv} and {@code ibv_poll_cq} are
 * not functions of libibverbs at all: {@code verbs.h} defines them {@code static inline}, and
 * each one only reads a function pointer out of the device context and calls it:
 *
 * <pre>
 * static inline int ibv_poll_cq(struct ibv_cq *cq, int num_entries, struct ibv_wc *wc)
 * {
 *         return cq-&gt;context-&gt;ops.poll_cq(cq, num_entries, wc);
 * }
 * </pre>
 *
 * That pointer leads straight into the provider (librxe, libmlx5, ...), skipping libibverbs:
 * this is the fast path. Java does the same: {@link #of} reads the pointers at the offsets of
 * {@code ops.<verb>} in {@code struct ibv_context} (proven by the layout test), and binds them
 * with JNA direct mapping, JNA's fastest call: {@link DirectMapped} declares the verbs as
 * {@code static native} methods, and {@link #link} links them to the addresses read from the
 * table, through JNA's public {@code Library.OPTION_SYMBOL_PROVIDER}.
 *
 * <p>A class's native methods can be linked once, to one table. Every device of one provider
 * shares that provider's table, so one class serves a whole program. A second provider in the
 * same process (a NIC and soft-RoCE, say) gets {@link ThroughFunction}: JNA {@code Function}
 * objects, which work for any table but cost more per call and allocate their argument arrays.
 */
public abstract class DataPath {
    /** The operations, by their names in {@code struct ibv_context_ops}. */
    static final List<String> OPERATIONS = List.of("post_send", "post_recv", "poll_cq");

    /** The table {@link DirectMapped} is linked to, once it is. */
    private static long[] directTable;

    /**
     * For another route to the same table: a subclass calls the function pointers of
     * {@code ops} its own way, and is passed to the requests and completions that should use it.
     */
    protected DataPath() {
    }

    /** {@code qp->context->ops.post_send(qp, wr, bad_wr)}. */
    public abstract int ibv_post_send(Pointer qp, Pointer wr, Pointer bad_wr);

    /** {@code qp->context->ops.post_recv(qp, wr, bad_wr)}. */
    public abstract int ibv_post_recv(Pointer qp, Pointer wr, Pointer bad_wr);

    /** {@code cq->context->ops.poll_cq(cq, num_entries, wc)}: how many completions it wrote, or a negative error. */
    public abstract int ibv_poll_cq(Pointer cq, int num_entries, Pointer wc);

    /** How the calls are made, for programs that report it. */
    public abstract String route();

    /** The data path of an open device. */
    public static DataPath of(DeviceContext context) {
        return of(context.pointer(), context.device().name());
    }

    /** The data path of the {@code struct ibv_context} at {@code context}; {@code name} says whose in errors. */
    public static synchronized DataPath of(Pointer context, String name) {
        long[] table = readTable(context, name);
        if (directTable == null) {
            link(DirectMapped.class, context, name);
            directTable = table;
        }
        return java.util.Arrays.equals(table, directTable) ? DirectMapped.INSTANCE : new ThroughFunction(table);
    }

    /** The function pointers of {@link #OPERATIONS}, read at their offsets in {@code struct ibv_context}. */
    private static long[] readTable(Pointer context, String name) {
        long[] table = new long[OPERATIONS.size()];
        for (int i = 0; i < table.length; i++) {
            table[i] = operation(context, OPERATIONS.get(i), name);
        }
        return table;
    }

    /**
     * {@code ops.<operation>} of the {@code struct ibv_context} at {@code context}: the address of
     * the provider's function, read at its offset in the structure. {@code name} says whose in errors.
     */
    public static long operation(Pointer context, String operation, String name) {
        long address = context.getLong(Layout.of(ibv_context.class).offsetOf("ops." + operation));
        if (address == 0) {
            throw new VerbsException("ibv_" + operation + "(" + name + ")", "the device's provider has no "
                    + operation + " operation", "Use a device whose provider supports it (ibv_devinfo)");
        }
        return address;
    }

    /**
     * Links the {@code static native} methods of {@code bindings}, each named as a member of
     * {@code struct ibv_context_ops} ({@code poll_cq}), to the functions of {@code context}'s
     * table: JNA direct mapping, with the addresses read from the table where JNA would look up
     * a symbol. A class is linked once, for the rest of the process.
     */
    public static void link(Class<?> bindings, Pointer context, String name) {
        SymbolProvider fromTable = (handle, operation, parent) -> operation(context, operation, name);
        Native.register(bindings, NativeLibrary.getProcess(Map.of(Library.OPTION_SYMBOL_PROVIDER, fromTable)));
    }

    /** Each class {@link #linkOnce} linked, with the provider function it was linked to. */
    private static final Map<Class<?>, Long> LINKED = new HashMap<>();

    /**
     * For a verb of the table that is not one of {@link #OPERATIONS} (a later chapter's): links the
     * {@code static native} method of {@code bindings} to {@code ops.<operation>} of {@code context},
     * the first time it is asked for that class, and says whether that linked method calls
     * {@code context}'s function. Where it does not (a second provider in the process), the caller
     * calls {@link #operation}'s address another way, a JNA {@code Function}.
     */
    public static synchronized boolean linkOnce(Class<?> bindings, Pointer context, String operation, String name) {
        long function = operation(context, operation, name);
        Long linked = LINKED.get(bindings);
        if (linked == null) {
            link(bindings, context, name);
            LINKED.put(bindings, function);
            return true;
        }
        return linked == function;
    }

    /** The first provider's table, called through JNA direct mapping. */
    static final class DirectMapped extends DataPath {
        static final DirectMapped INSTANCE = new DirectMapped();

        private static native int post_send(Pointer qp, Pointer wr, Pointer bad_wr);

        private static native int post_recv(Pointer qp, Pointer wr, Pointer bad_wr);

        private static native int poll_cq(Pointer cq, int num_entries, Pointer wc);


        @Override
        public int ibv_post_send(Pointer qp, Pointer wr, Pointer bad_wr) {
            return post_send(qp, wr, bad_wr);
        }

        @Override
        public int ibv_post_recv(Pointer qp, Pointer wr, Pointer bad_wr) {
            return post_recv(qp, wr, bad_wr);
        }

        @Override
        public int ibv_poll_cq(Pointer cq, int num_entries, Pointer wc) {
            return poll_cq(cq, num_entries, wc);
        }

        @Override
        public String route() {
            return "JNA direct mapping";
        }
    }

    /** Any other provider's table, called through JNA {@code Function} objects. */
    static final class ThroughFunction extends DataPath {
        private final Function postSend;
        private final Function postRecv;
        private final Function pollCq;

        ThroughFunction(long[] table) {
            postSend = Function.getFunction(new Pointer(table[0]));
            postRecv = Function.getFunction(new Pointer(table[1]));
            pollCq = Function.getFunction(new Pointer(table[2]));
        }

        @Override
        public int ibv_post_send(Pointer qp, Pointer wr, Pointer bad_wr) {
            return postSend.invokeInt(new Object[] {qp, wr, bad_wr});
        }

        @Override
        public int ibv_post_recv(Pointer qp, Pointer wr, Pointer bad_wr) {
            return postRecv.invokeInt(new Object[] {qp, wr, bad_wr});
        }

        @Override
        public int ibv_poll_cq(Pointer cq, int num_entries, Pointer wc) {
            return pollCq.invokeInt(new Object[] {cq, num_entries, wc});
        }

        @Override
        public String route() {
            return "JNA Function (a second provider in this process)";
        }
    }
}
