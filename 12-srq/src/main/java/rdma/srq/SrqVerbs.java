package rdma.srq;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import rdma.devices.Libibverbs;
import rdma.srq.c.ibv_srq_attr;
import rdma.srq.c.ibv_srq_init_attr;

/**
 * The control-path verbs of a shared receive queue, which libibverbs exports as functions: direct
 * mapping, named as in C. Posting a receive to it, {@code ibv_post_srq_recv}, is a data-path verb
 * and no symbol: see {@link SrqReceive}.
 */
public final class SrqVerbs {
    static {
        Native.register(SrqVerbs.class, Libibverbs.load());
    }

    private SrqVerbs() {
    }

    /** {@code struct ibv_srq *ibv_create_srq(struct ibv_pd *pd, struct ibv_srq_init_attr *srq_init_attr);} */
    public static native Pointer ibv_create_srq(Pointer pd, ibv_srq_init_attr srq_init_attr);

    /** {@code int ibv_modify_srq(struct ibv_srq *srq, struct ibv_srq_attr *srq_attr, int srq_attr_mask);} */
    public static native int ibv_modify_srq(Pointer srq, ibv_srq_attr srq_attr, int srq_attr_mask);

    /** {@code int ibv_query_srq(struct ibv_srq *srq, struct ibv_srq_attr *srq_attr);} */
    public static native int ibv_query_srq(Pointer srq, ibv_srq_attr srq_attr);

    /** {@code int ibv_destroy_srq(struct ibv_srq *srq);} */
    public static native int ibv_destroy_srq(Pointer srq);
}
