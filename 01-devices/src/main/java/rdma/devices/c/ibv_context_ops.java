package rdma.devices.c;

import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;

/**
 * {@code struct ibv_context_ops}: the table of function pointers that each provider (the driver
 * library of a device, such as librxe) fills in. The {@code _compat_} slots belong to an old ABI;
 * the data-path verbs ({@code poll_cq}, {@code post_send}, {@code post_recv},
 * {@code req_notify_cq}) still live here, and chapter 03 calls them through it.
 */
@FieldOrder({"_compat_query_device", "_compat_query_port", "_compat_alloc_pd", "_compat_dealloc_pd",
        "_compat_reg_mr", "_compat_rereg_mr", "_compat_dereg_mr", "alloc_mw", "bind_mw", "dealloc_mw",
        "_compat_create_cq", "poll_cq", "req_notify_cq", "_compat_cq_event", "_compat_resize_cq",
        "_compat_destroy_cq", "_compat_create_srq", "_compat_modify_srq", "_compat_query_srq",
        "_compat_destroy_srq", "post_srq_recv", "_compat_create_qp", "_compat_query_qp",
        "_compat_modify_qp", "_compat_destroy_qp", "post_send", "post_recv", "_compat_create_ah",
        "_compat_destroy_ah", "_compat_attach_mcast", "_compat_detach_mcast", "_compat_async_event"})
public class ibv_context_ops extends Structure {
    public Pointer _compat_query_device;
    public Pointer _compat_query_port;
    public Pointer _compat_alloc_pd;
    public Pointer _compat_dealloc_pd;
    public Pointer _compat_reg_mr;
    public Pointer _compat_rereg_mr;
    public Pointer _compat_dereg_mr;
    public Pointer alloc_mw;
    public Pointer bind_mw;
    public Pointer dealloc_mw;
    public Pointer _compat_create_cq;
    /** {@code int (*poll_cq)(struct ibv_cq *cq, int num_entries, struct ibv_wc *wc);} */
    public Pointer poll_cq;
    /** {@code int (*req_notify_cq)(struct ibv_cq *cq, int solicited_only);} */
    public Pointer req_notify_cq;
    public Pointer _compat_cq_event;
    public Pointer _compat_resize_cq;
    public Pointer _compat_destroy_cq;
    public Pointer _compat_create_srq;
    public Pointer _compat_modify_srq;
    public Pointer _compat_query_srq;
    public Pointer _compat_destroy_srq;
    public Pointer post_srq_recv;
    public Pointer _compat_create_qp;
    public Pointer _compat_query_qp;
    public Pointer _compat_modify_qp;
    public Pointer _compat_destroy_qp;
    /** {@code int (*post_send)(struct ibv_qp *qp, struct ibv_send_wr *wr, struct ibv_send_wr **bad_wr);} */
    public Pointer post_send;
    /** {@code int (*post_recv)(struct ibv_qp *qp, struct ibv_recv_wr *wr, struct ibv_recv_wr **bad_wr);} */
    public Pointer post_recv;
    public Pointer _compat_create_ah;
    public Pointer _compat_destroy_ah;
    public Pointer _compat_attach_mcast;
    public Pointer _compat_detach_mcast;
    public Pointer _compat_async_event;
}
