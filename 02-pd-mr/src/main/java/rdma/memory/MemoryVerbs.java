package rdma.memory;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import rdma.devices.Libibverbs;

/** The verbs of this chapter, JNA direct mapping with the C names (see chapter 01). */
public final class MemoryVerbs {
    static {
        Native.register(MemoryVerbs.class, Libibverbs.load());
    }

    private MemoryVerbs() {
    }

    /** {@code struct ibv_pd *ibv_alloc_pd(struct ibv_context *context);} NULL and errno on failure. */
    public static native Pointer ibv_alloc_pd(Pointer context);

    /** {@code int ibv_dealloc_pd(struct ibv_pd *pd);} EBUSY while anything made from the PD exists. */
    public static native int ibv_dealloc_pd(Pointer pd);

    /**
     * {@code struct ibv_mr *ibv_reg_mr(struct ibv_pd *pd, void *addr, size_t length, int access);}
     *
     * <p>In C, {@code ibv_reg_mr} is a macro: when the access flags are a compile-time constant
     * without {@code IBV_ACCESS_OPTIONAL_RANGE} it becomes a call of the exported symbol of the
     * same name, which is what Java calls here; otherwise it calls {@code ibv_reg_mr_iova2}.
     * The flags of these chapters never include the optional range, so both paths are the same
     * call. ({@code size_t} is a Java {@code long} on 64-bit platforms.)
     */
    public static native Pointer ibv_reg_mr(Pointer pd, Pointer addr, long length, int access);

    /** {@code int ibv_dereg_mr(struct ibv_mr *mr);} */
    public static native int ibv_dereg_mr(Pointer mr);
}
