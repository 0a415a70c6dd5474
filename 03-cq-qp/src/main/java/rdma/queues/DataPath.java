package rdma.queues;

import com.sun.jna.Function;
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import com.sun.jna.SymbolProvider;
import java.util.List;
import java.util.Map;
import rdma.devices.DeviceContext;
import rdma.devices.Layout;
import rdma.devices.VerbsException;
import rdma.devices.ibv_context;

/**
 * The data-path verbs. {@code ibv_post_send}, {@code ibv_post_recv}, {@code ibv_poll_cq} and
 * {@code ibv_req_notify_cq} are not functions of libibverbs at all: {@code verbs.h} defines them
 * {@code static inline}, and each one only reads a function pointer out of the device context
 * and calls it:
 *
 * <pre>
 * static inline int ibv_poll_cq(struct ibv_cq *cq, int num_entries, struct ibv_wc *wc)
 * {
 *         return cq-&gt;context-&gt;ops.poll_cq(cq, num_entries, wc);
 * }
 * </pre>
 *
 * That pointer leads straight into the provider (librxe, libmlx5, ...), skipping the library and
 * the kernel: this is the fast path. Java does the same: {@link #of} reads the pointers at the
 * offsets of {@code ops.<verb>} in {@code struct ibv_context} (proven by the layout test), and
 * binds them with JNA direct mapping, JNA's fastest call: {@link DirectMapped} declares the four
 * verbs as {@code static native} methods, and {@code Native.register} links them to the
 * addresses read from the table, through JNA's public {@code Library.OPTION_SYMBOL_PROVIDER}.
 *
 * <p>A class's native methods can be linked once, to one table. Every device of one provider
 * shares that provider's table, so one class serves a whole program. A second provider in the
 * same process (a NIC and soft-RoCE, say) gets {@link ThroughFunction}: JNA {@code Function}
 * objects, which work for any table but cost more per call and allocate their argument arrays.
 */
public abstract class DataPath {
    /** The four operations, by their names in {@code struct ibv_context_ops}. */
    static final List<String> OPERATIONS = List.of("post_send", "post_recv", "poll_cq", "req_notify_cq");

    /** The table {@link DirectMapped} is linked to, once it is. */
    private static long[] directTable;

    DataPath() {
    }

    /** {@code qp->context->ops.post_send(qp, wr, bad_wr)}. */
    public abstract int ibv_post_send(Pointer qp, Pointer wr, Pointer bad_wr);

    /** {@code qp->context->ops.post_recv(qp, wr, bad_wr)}. */
    public abstract int ibv_post_recv(Pointer qp, Pointer wr, Pointer bad_wr);

    /** {@code cq->context->ops.poll_cq(cq, num_entries, wc)}: how many completions it wrote, or a negative error. */
    public abstract int ibv_poll_cq(Pointer cq, int num_entries, Pointer wc);

    /** {@code cq->context->ops.req_notify_cq(cq, solicited_only)}: arms the CQ's completion channel (chapter 08). */
    public abstract int ibv_req_notify_cq(Pointer cq, int solicited_only);

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
            DirectMapped.link(table);
            directTable = table;
        }
        return java.util.Arrays.equals(table, directTable) ? DirectMapped.INSTANCE : new ThroughFunction(table);
    }

    /** The four function pointers, read at their offsets in {@code struct ibv_context}. */
    private static long[] readTable(Pointer context, String name) {
        long[] table = new long[OPERATIONS.size()];
        for (int i = 0; i < table.length; i++) {
            table[i] = context.getLong(Layout.of(ibv_context.class).offsetOf("ops." + OPERATIONS.get(i)));
            if (table[i] == 0) {
                throw new VerbsException("ibv_" + OPERATIONS.get(i) + "(" + name + ")", "the device's provider has no "
                        + OPERATIONS.get(i) + " operation", "Use a device whose provider supports it (ibv_devinfo)");
            }
        }
        return table;
    }

    /** The first provider's table, called through JNA direct mapping. */
    static final class DirectMapped extends DataPath {
        static final DirectMapped INSTANCE = new DirectMapped();

        private static native int post_send(Pointer qp, Pointer wr, Pointer bad_wr);

        private static native int post_recv(Pointer qp, Pointer wr, Pointer bad_wr);

        private static native int poll_cq(Pointer cq, int num_entries, Pointer wc);

        private static native int req_notify_cq(Pointer cq, int solicited_only);

        /**
         * Links the native methods above to the table: JNA asks the symbol provider for each
         * method's name and gets the address from the table instead of from a library.
         */
        static void link(long[] table) {
            SymbolProvider fromTable = (handle, name, parent) -> table[OPERATIONS.indexOf(name)];
            Native.register(DirectMapped.class,
                    NativeLibrary.getProcess(Map.of(Library.OPTION_SYMBOL_PROVIDER, fromTable)));
        }

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
        public int ibv_req_notify_cq(Pointer cq, int solicited_only) {
            return req_notify_cq(cq, solicited_only);
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
        private final Function reqNotifyCq;

        ThroughFunction(long[] table) {
            postSend = Function.getFunction(new Pointer(table[0]));
            postRecv = Function.getFunction(new Pointer(table[1]));
            pollCq = Function.getFunction(new Pointer(table[2]));
            reqNotifyCq = Function.getFunction(new Pointer(table[3]));
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
        public int ibv_req_notify_cq(Pointer cq, int solicited_only) {
            return reqNotifyCq.invokeInt(new Object[] {cq, solicited_only});
        }

        @Override
        public String route() {
            return "JNA Function (a second provider in this process)";
        }
    }
}
