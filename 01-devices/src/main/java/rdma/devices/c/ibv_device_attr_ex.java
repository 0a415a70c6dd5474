package rdma.devices.c;

import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;

/**
 * {@code struct ibv_device_attr_ex}: what {@code ibv_query_device_ex} fills in, the classic
 * {@link ibv_device_attr} first and the capabilities added since then after it. The nested
 * structures are C's, with their C names.
 */
@FieldOrder({"orig_attr", "comp_mask", "odp_caps", "completion_timestamp_mask", "hca_core_clock",
        "device_cap_flags_ex", "tso_caps", "rss_caps", "max_wq_type_rq", "packet_pacing_caps",
        "raw_packet_caps", "tm_caps", "cq_mod_caps", "max_dm_size", "pci_atomic_caps", "xrc_odp_caps",
        "phys_port_cnt_ex"})
public class ibv_device_attr_ex extends Structure {
    public ibv_device_attr orig_attr;
    public int comp_mask;
    /** On-demand paging: registering memory without pinning it. */
    public ibv_odp_caps odp_caps;
    public long completion_timestamp_mask;
    /** kHz of the clock that completion timestamps count. */
    public long hca_core_clock;
    /** The classic {@code device_cap_flags} in the low 32 bits, newer flags above them. */
    public long device_cap_flags_ex;
    public ibv_tso_caps tso_caps;
    public ibv_rss_caps rss_caps;
    public int max_wq_type_rq;
    public ibv_packet_pacing_caps packet_pacing_caps;
    public int raw_packet_caps;
    public ibv_tm_caps tm_caps;
    public ibv_cq_moderation_caps cq_mod_caps;
    /** Bytes of on-device memory a program may allocate. */
    public long max_dm_size;
    public ibv_pci_atomic_caps pci_atomic_caps;
    public int xrc_odp_caps;
    public int phys_port_cnt_ex;

    /** {@code struct ibv_odp_caps}. */
    @FieldOrder({"general_caps", "per_transport_caps"})
    public static class ibv_odp_caps extends Structure {
        public long general_caps;
        public per_transport_caps_struct per_transport_caps;
    }

    /** {@code per_transport_caps}, declared in place in {@code struct ibv_odp_caps}. */
    @FieldOrder({"rc_odp_caps", "uc_odp_caps", "ud_odp_caps"})
    public static class per_transport_caps_struct extends Structure {
        public int rc_odp_caps;
        public int uc_odp_caps;
        public int ud_odp_caps;
    }

    /** {@code struct ibv_tso_caps}: TCP segmentation offload. */
    @FieldOrder({"max_tso", "supported_qpts"})
    public static class ibv_tso_caps extends Structure {
        public int max_tso;
        public int supported_qpts;
    }

    /** {@code struct ibv_rss_caps}: receive-side scaling. */
    @FieldOrder({"supported_qpts", "max_rwq_indirection_tables", "max_rwq_indirection_table_size",
            "rx_hash_fields_mask", "rx_hash_function"})
    public static class ibv_rss_caps extends Structure {
        public int supported_qpts;
        public int max_rwq_indirection_tables;
        public int max_rwq_indirection_table_size;
        public long rx_hash_fields_mask;
        public byte rx_hash_function;
    }

    /** {@code struct ibv_packet_pacing_caps}. */
    @FieldOrder({"qp_rate_limit_min", "qp_rate_limit_max", "supported_qpts"})
    public static class ibv_packet_pacing_caps extends Structure {
        public int qp_rate_limit_min;
        public int qp_rate_limit_max;
        public int supported_qpts;
    }

    /** {@code struct ibv_tm_caps}: tag matching. */
    @FieldOrder({"max_rndv_hdr_size", "max_num_tags", "flags", "max_ops", "max_sge"})
    public static class ibv_tm_caps extends Structure {
        public int max_rndv_hdr_size;
        public int max_num_tags;
        public int flags;
        public int max_ops;
        public int max_sge;
    }

    /** {@code struct ibv_cq_moderation_caps}. */
    @FieldOrder({"max_cq_count", "max_cq_period"})
    public static class ibv_cq_moderation_caps extends Structure {
        public short max_cq_count;
        public short max_cq_period;
    }

    /** {@code struct ibv_pci_atomic_caps}. */
    @FieldOrder({"fetch_add", "swap", "compare_swap"})
    public static class ibv_pci_atomic_caps extends Structure {
        public short fetch_add;
        public short swap;
        public short compare_swap;
    }
}
