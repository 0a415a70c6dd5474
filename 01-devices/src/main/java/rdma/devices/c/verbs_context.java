package rdma.devices.c;

import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;
import rdma.support.Layout;

/**
 * {@code struct verbs_context}, without its last member. libibverbs allocates every context as a
 * {@code verbs_context} whose last member is the {@code struct ibv_context} that programs get a
 * pointer to; the extended operations sit in memory <em>before</em> that pointer. In C,
 * {@code verbs_get_ctx(ctx)} steps back from the context to the start of this structure.
 *
 * <p>C declares the fields from the newest to the oldest ("grows up"), ending with {@code sz},
 * the size of everything before the context that this library version filled in, and then the
 * context itself. This class declares every field up to and including {@code sz}; the context
 * starts right after it, which {@link #opOffsetFromContext} relies on and the layout test proves.
 */
@FieldOrder({"query_port", "advise_mr", "alloc_null_mr", "read_counters", "attach_counters_point_flow",
        "create_counters", "destroy_counters", "reg_dm_mr", "alloc_dm", "free_dm", "modify_flow_action_esp",
        "destroy_flow_action", "create_flow_action_esp", "modify_qp_rate_limit", "alloc_parent_domain",
        "dealloc_td", "alloc_td", "modify_cq", "post_srq_ops", "destroy_rwq_ind_table", "create_rwq_ind_table",
        "destroy_wq", "modify_wq", "create_wq", "query_rt_values", "create_cq_ex", "priv", "query_device_ex",
        "ibv_destroy_flow", "ABI_placeholder2", "ibv_create_flow", "ABI_placeholder1", "open_qp", "create_qp_ex",
        "get_srq_num", "create_srq_ex", "open_xrcd", "close_xrcd", "_ABI_placeholder3", "sz"})
public class verbs_context extends Structure {
    /** {@code int (*query_port)(struct ibv_context *, uint8_t port_num, struct ibv_port_attr *, size_t port_attr_len);} */
    public Pointer query_port;
    public Pointer advise_mr;
    public Pointer alloc_null_mr;
    public Pointer read_counters;
    public Pointer attach_counters_point_flow;
    public Pointer create_counters;
    public Pointer destroy_counters;
    public Pointer reg_dm_mr;
    public Pointer alloc_dm;
    public Pointer free_dm;
    public Pointer modify_flow_action_esp;
    public Pointer destroy_flow_action;
    public Pointer create_flow_action_esp;
    public Pointer modify_qp_rate_limit;
    public Pointer alloc_parent_domain;
    public Pointer dealloc_td;
    public Pointer alloc_td;
    public Pointer modify_cq;
    public Pointer post_srq_ops;
    public Pointer destroy_rwq_ind_table;
    public Pointer create_rwq_ind_table;
    public Pointer destroy_wq;
    public Pointer modify_wq;
    public Pointer create_wq;
    public Pointer query_rt_values;
    public Pointer create_cq_ex;
    public Pointer priv;
    /** {@code int (*query_device_ex)(struct ibv_context *, const struct ibv_query_device_ex_input *, struct ibv_device_attr_ex *, size_t attr_size);} */
    public Pointer query_device_ex;
    public Pointer ibv_destroy_flow;
    public Pointer ABI_placeholder2;
    public Pointer ibv_create_flow;
    public Pointer ABI_placeholder1;
    public Pointer open_qp;
    public Pointer create_qp_ex;
    public Pointer get_srq_num;
    public Pointer create_srq_ex;
    public Pointer open_xrcd;
    public Pointer close_xrcd;
    public long _ABI_placeholder3;
    /** {@code size_t}: how many bytes before the context this library filled in. */
    public long sz;

    /** {@code __VERBS_ABI_IS_EXTENDED}: {@code (void *) UINTPTR_MAX}. */
    static final long VERBS_ABI_IS_EXTENDED = -1L;

    /** Where the context starts: right after {@code sz}, as {@code offsetof(struct verbs_context, context)}. */
    static int contextOffset() {
        return Layout.of(verbs_context.class).size();
    }

    /** {@code offsetof(struct verbs_context, op) - offsetof(struct verbs_context, context)}: negative. */
    static int opOffsetFromContext(String op) {
        return Layout.of(verbs_context.class).offsetOf(op) - contextOffset();
    }

    /**
     * {@code verbs_get_ctx_op(ctx, op)}: the extended operation {@code op} of an open context, or
     * null when the context is not extended, the library filled in less than reaches {@code op},
     * or the provider left it empty. Callers then fall back to the older verb, as C does.
     */
    public static Pointer op(Pointer context, String op) {
        if (context.getLong(Layout.of(ibv_context.class).offsetOf("abi_compat")) != VERBS_ABI_IS_EXTENDED) {
            return null;
        }
        int opOffset = opOffsetFromContext(op);
        long filledIn = context.getLong(opOffsetFromContext("sz"));
        // sz counts the whole verbs_context, context included; an older library has fewer fields before it.
        if (filledIn < Layout.of(ibv_context.class).size() - opOffset) {
            return null;
        }
        return context.getPointer(opOffset);
    }
}
