package rdma.foreign;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import com.sun.jna.Pointer;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import rdma.devices.DeviceContext;
import rdma.queues.DataPath;

/**
 * The data-path verbs through the JDK's own foreign function interface ({@code java.lang.foreign},
 * final in Java 22) instead of JNA. The table is the same: {@code post_send}, {@code post_recv}
 * and {@code poll_cq} are read from {@code ibv_context.ops} at the offsets chapter 03 proved.
 * What changes is the call. JNA goes through libffi, which interprets a description of the
 * arguments on every call; a downcall handle is compiled by the JIT into the call itself, so what
 * remains is about the cost of a C function-pointer call.
 *
 * <p>Each handle is made once, without an address ({@link Linker#downcallHandle(FunctionDescriptor,
 * Linker.Option...)}), and kept in a {@code static final} field, where the JIT treats it as a
 * constant; the function's address is its first argument. The chapters' requests and completion
 * arrays stay where they are (native memory, read and written through direct buffers): only
 * the call is replaced.
 */
public final class ForeignDataPath extends DataPath {
    private static final Linker LINKER = Linker.nativeLinker();

    /**
     * {@code int (*)(struct ibv_qp *, struct ibv_send_wr *, struct ibv_send_wr **)}, and the same
     * shape for receives. The pointers are passed as {@code long}s: the chapters hold them as
     * JNA {@code Pointer}s, whose address is a field, and on the 64-bit ABIs Linux runs on a
     * pointer travels in the same register as a {@code long}. Wrapping each one in a
     * {@code MemorySegment} would say the same thing at a cost on every call.
     */
    private static final FunctionDescriptor POST = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG);

    /** {@code int (*)(struct ibv_cq *, int num_entries, struct ibv_wc *)}. */
    private static final FunctionDescriptor POLL = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_INT, JAVA_LONG);

    /**
     * Posting is an ordinary downcall: the thread leaves the JVM's managed state for it, as it
     * must for a callee that may enter the kernel, and soft-RoCE's {@code post_send} does (it
     * rings the doorbell with a system call). Some providers' {@code post_recv} is plain memory
     * work, but nothing in the verbs API promises it, so receives are posted the same way.
     */
    private static final MethodHandle POST_HANDLE = LINKER.downcallHandle(POST);

    /**
     * Polling is a {@linkplain Linker.Option#critical critical} downcall: the thread stays in the
     * JVM's state, which saves the transition both ways. That is allowed only for a callee that
     * returns soon, never blocks and never calls back into Java. A kernel-bypass provider's
     * {@code poll_cq} (soft-RoCE's, in rdma-core's providers/rxe/rxe.c, and a NIC's) reads the
     * CQ's memory and returns, whether or not a completion is there. A provider whose
     * {@code poll_cq} entered the kernel would make this option wrong: check yours before you
     * copy it. {@code false}: no Java heap memory is passed.
     */
    private static final MethodHandle POLL_HANDLE = LINKER.downcallHandle(POLL, Linker.Option.critical(false));

    private final MemorySegment postSend;
    private final MemorySegment postRecv;
    private final MemorySegment pollCq;

    private ForeignDataPath(Pointer context, String name) {
        postSend = function(context, "post_send", name);
        postRecv = function(context, "post_recv", name);
        pollCq = function(context, "poll_cq", name);
    }

    /** The data path of an open device, called through downcall handles. */
    public static ForeignDataPath of(DeviceContext context) {
        return new ForeignDataPath(context.pointer(), context.device().name());
    }

    /** {@code ops.<operation>}, read where chapter 03 reads it, as the address a downcall handle calls. */
    private static MemorySegment function(Pointer context, String operation, String name) {
        return MemorySegment.ofAddress(DataPath.operation(context, operation, name));
    }

    @Override
    public int ibv_post_send(Pointer qp, Pointer wr, Pointer bad_wr) {
        return post(postSend, qp, wr, bad_wr);
    }

    @Override
    public int ibv_post_recv(Pointer qp, Pointer wr, Pointer bad_wr) {
        return post(postRecv, qp, wr, bad_wr);
    }

    /** One post verb, {@code function}, through the shared handle: the JIT inlines this into each caller. */
    private static int post(MemorySegment function, Pointer qp, Pointer wr, Pointer bad_wr) {
        try {
            return (int) POST_HANDLE.invokeExact(function, Pointer.nativeValue(qp), Pointer.nativeValue(wr),
                    Pointer.nativeValue(bad_wr));
        } catch (Throwable impossible) {
            throw rethrow(impossible);
        }
    }

    @Override
    public int ibv_poll_cq(Pointer cq, int num_entries, Pointer wc) {
        try {
            return (int) POLL_HANDLE.invokeExact(pollCq, Pointer.nativeValue(cq), num_entries, Pointer.nativeValue(wc));
        } catch (Throwable impossible) {
            throw rethrow(impossible);
        }
    }

    @Override
    public String route() {
        return "java.lang.foreign downcall handles";
    }

    /** {@code invokeExact} declares {@code Throwable}; a downcall throws nothing checked, so anything is a JVM error or a bug. */
    private static RuntimeException rethrow(Throwable failure) {
        if (failure instanceof RuntimeException unchecked) {
            return unchecked;
        }
        if (failure instanceof Error error) {
            throw error;
        }
        return new IllegalStateException("a downcall threw " + failure, failure);
    }
}
