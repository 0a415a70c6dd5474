package rdma.bench;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import com.sun.jna.Pointer;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import rdma.foreign.ForeignDataPath;
import rdma.queues.DataPath;
import rdma.queues.Endpoint;

/**
 * The appendix's data path with one change that prices it: {@code post_send} is a
 * {@linkplain Linker.Option#critical critical} downcall, so the thread does not change state on
 * the way to it and back. Only the null device allows that (its {@code post_send} never enters the
 * kernel); soft-RoCE's rings its doorbell with a system call, and the appendix is right to keep the
 * ordinary downcall. A benchmark instrument, never a route for a program: the difference between
 * this and {@link ForeignDataPath} is what the safe downcall's transition costs a message.
 */
final class CriticalPostDataPath extends DataPath {
    private static final MethodHandle CRITICAL_POST = Linker.nativeLinker().downcallHandle(
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG), Linker.Option.critical(false));

    private final ForeignDataPath appendix;
    private final MemorySegment postSend;

    CriticalPostDataPath(Endpoint endpoint) {
        appendix = ForeignDataPath.of(endpoint.context());
        postSend = MemorySegment.ofAddress(DataPath.operation(endpoint.context().pointer(), "post_send", "null device"));
    }

    @Override
    public int ibv_post_send(Pointer qp, Pointer wr, Pointer bad_wr) {
        try {
            return (int) CRITICAL_POST.invokeExact(postSend, Pointer.nativeValue(qp), Pointer.nativeValue(wr),
                    Pointer.nativeValue(bad_wr));
        } catch (Throwable failure) {
            throw new IllegalStateException("the critical post_send failed", failure);
        }
    }

    @Override
    public int ibv_post_recv(Pointer qp, Pointer wr, Pointer bad_wr) {
        return appendix.ibv_post_recv(qp, wr, bad_wr);
    }

    @Override
    public int ibv_poll_cq(Pointer cq, int num_entries, Pointer wc) {
        return appendix.ibv_poll_cq(cq, num_entries, wc);
    }

    @Override
    public String route() {
        return "java.lang.foreign, post_send critical (the null device only)";
    }
}
