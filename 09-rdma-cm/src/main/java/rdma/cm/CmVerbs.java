package rdma.cm;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import rdma.cm.c.rdma_conn_param;
import rdma.queues.c.ibv_qp_attr;
import rdma.queues.c.ibv_qp_init_attr;

/**
 * The connection manager's calls, JNA direct mapping onto librdmacm, named and typed as
 * {@code <rdma/rdma_cma.h>} declares them. Unlike the data-path verbs, every one is an exported
 * function. Two are not: {@code rdma_get_local_addr} and {@code rdma_get_peer_addr} are
 * {@code static inline} in the header, and only return the address of a field of the identifier,
 * so {@link CmId} reads those fields itself; so are the helpers of {@code <rdma/rdma_verbs.h>}
 * ({@code rdma_post_send}, {@code rdma_reg_msgs}, ...), thin wrappers of the verbs the earlier
 * chapters call directly.
 */
public final class CmVerbs {
    static {
        Native.register(CmVerbs.class, Librdmacm.load());
    }

    /** {@code enum rdma_port_space}: connected, reliable identifiers, whose ports are TCP's kind. */
    public static final int RDMA_PS_TCP = 0x0106;
    /** {@code rdma_conn_param} values that mean: what the peer asked for, within what the device allows. */
    public static final int RDMA_MAX_RESP_RES = 0xFF;
    public static final int RDMA_MAX_INIT_DEPTH = 0xFF;
    public static final short AF_INET = 2;
    public static final short AF_INET6 = 10;

    private CmVerbs() {
    }

    public static native Pointer rdma_create_event_channel();

    public static native void rdma_destroy_event_channel(Pointer channel);

    /** {@code int rdma_create_id(struct rdma_event_channel *, struct rdma_cm_id **id, void *context, enum rdma_port_space)}. */
    public static native int rdma_create_id(Pointer channel, Pointer id, Pointer context, int ps);

    public static native int rdma_destroy_id(Pointer id);

    public static native int rdma_bind_addr(Pointer id, Pointer addr);

    public static native int rdma_resolve_addr(Pointer id, Pointer srcAddr, Pointer dstAddr, int timeoutMs);

    public static native int rdma_resolve_route(Pointer id, int timeoutMs);

    public static native int rdma_create_qp(Pointer id, Pointer pd, ibv_qp_init_attr qpInitAttr);

    public static native void rdma_destroy_qp(Pointer id);

    public static native int rdma_connect(Pointer id, rdma_conn_param connParam);

    public static native int rdma_listen(Pointer id, int backlog);

    public static native int rdma_accept(Pointer id, rdma_conn_param connParam);

    public static native int rdma_reject(Pointer id, Pointer privateData, byte privateDataLen);

    public static native int rdma_disconnect(Pointer id);

    /** {@code int rdma_get_cm_event(struct rdma_event_channel *, struct rdma_cm_event **event)}. */
    public static native int rdma_get_cm_event(Pointer channel, Pointer event);

    public static native int rdma_ack_cm_event(Pointer event);

    /** {@code int rdma_init_qp_attr(struct rdma_cm_id *, struct ibv_qp_attr *, int *qp_attr_mask)}. */
    public static native int rdma_init_qp_attr(Pointer id, ibv_qp_attr qpAttr, Pointer qpAttrMask);

    public static native String rdma_event_str(int event);
}
