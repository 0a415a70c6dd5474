package rdma.queues;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import rdma.devices.Libibverbs;
import rdma.queues.c.ibv_qp_attr;
import rdma.queues.c.ibv_qp_init_attr;

/**
 * The control-path verbs of this chapter: exported functions, bound with JNA direct mapping and
 * the C names. The data-path verbs are not here: see {@link DataPath}.
 */
public final class QueueVerbs {
    static {
        Native.register(QueueVerbs.class, Libibverbs.load());
    }

    private QueueVerbs() {
    }

    /** {@code struct ibv_cq *ibv_create_cq(struct ibv_context *context, int cqe, void *cq_context, struct ibv_comp_channel *channel, int comp_vector);} */
    public static native Pointer ibv_create_cq(Pointer context, int cqe, Pointer cq_context, Pointer channel, int comp_vector);

    /** {@code int ibv_destroy_cq(struct ibv_cq *cq);} */
    public static native int ibv_destroy_cq(Pointer cq);

    /** {@code struct ibv_qp *ibv_create_qp(struct ibv_pd *pd, struct ibv_qp_init_attr *qp_init_attr);} */
    public static native Pointer ibv_create_qp(Pointer pd, ibv_qp_init_attr qp_init_attr);

    /** {@code int ibv_destroy_qp(struct ibv_qp *qp);} */
    public static native int ibv_destroy_qp(Pointer qp);

    /** {@code int ibv_modify_qp(struct ibv_qp *qp, struct ibv_qp_attr *attr, int attr_mask);} */
    public static native int ibv_modify_qp(Pointer qp, ibv_qp_attr attr, int attr_mask);

    /** {@code int ibv_query_qp(struct ibv_qp *qp, struct ibv_qp_attr *attr, int attr_mask, struct ibv_qp_init_attr *init_attr);} */
    public static native int ibv_query_qp(Pointer qp, ibv_qp_attr attr, int attr_mask, ibv_qp_init_attr init_attr);

    /** {@code const char *ibv_wc_status_str(enum ibv_wc_status status);} */
    public static native String ibv_wc_status_str(int status);
}
