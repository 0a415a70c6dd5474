package rdma.bench;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;

/**
 * bench/src/main/c/cloops.c: rc_pingpong's loop and perftest's write loops in C, bound with JNA
 * direct mapping and called once per many messages.
 */
final class CLoops {
    /** Where bench/nulldevice.sh built libcloops.so. */
    static final String LIBRARY = System.getProperty("bench.cloops", "bench/target/nulldev/libcloops.so");

    static {
        Native.register(CLoops.class, NativeLibrary.getInstance(LIBRARY));
    }

    private CLoops() {
    }

    /** Posts {@code rx_depth} receives of {@code size} bytes at {@code addr}; NULL on failure. */
    static native Pointer cloop_open(Pointer qp, Pointer cq, long addr, int lkey, int size, int rx_depth);

    /** {@code iters} messages, as the side that sends first: the nanoseconds they took, or -1 on an error. */
    static native long cloop_pingpong(Pointer loop, int iters);

    static native void cloop_close(Pointer loop);

    /** ib_write_lat's loop, writing first, on a QP connected to itself: the nanoseconds it took, or -1. */
    static native long cloop_write_latency(Pointer qp, Pointer cq, Pointer buffer, int lkey, int rkey, int size,
            int inline_flag, int iters);

    /** ib_write_bw's loop on a QP connected to itself: the nanoseconds it took, or -1. */
    static native long cloop_write_bandwidth(Pointer qp, Pointer cq, Pointer buffer, int lkey, int rkey, int size,
            int inline_flag, int iters, int depth, int signal_every);
}
