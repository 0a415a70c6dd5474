package rdma.devices.c;

import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;

/** {@code struct ibv_device_attr}: what {@code ibv_query_device} fills in. */
@FieldOrder({"fw_ver", "node_guid", "sys_image_guid", "max_mr_size", "page_size_cap",
        "vendor_id", "vendor_part_id", "hw_ver", "max_qp", "max_qp_wr", "device_cap_flags",
        "max_sge", "max_sge_rd", "max_cq", "max_cqe", "max_mr", "max_pd", "max_qp_rd_atom",
        "max_ee_rd_atom", "max_res_rd_atom", "max_qp_init_rd_atom", "max_ee_init_rd_atom",
        "atomic_cap", "max_ee", "max_rdd", "max_mw", "max_raw_ipv6_qp", "max_raw_ethy_qp",
        "max_mcast_grp", "max_mcast_qp_attach", "max_total_mcast_qp_attach", "max_ah",
        "max_fmr", "max_map_per_fmr", "max_srq", "max_srq_wr", "max_srq_sge", "max_pkeys",
        "local_ca_ack_delay", "phys_port_cnt"})
public class ibv_device_attr extends Structure {
    public byte[] fw_ver = new byte[64];
    /** {@code __be64}: big-endian in memory, see {@link rdma.devices.Guid}. */
    public long node_guid;
    /** {@code __be64}. */
    public long sys_image_guid;
    public long max_mr_size;
    public long page_size_cap;
    public int vendor_id;
    public int vendor_part_id;
    public int hw_ver;
    public int max_qp;
    public int max_qp_wr;
    public int device_cap_flags;
    public int max_sge;
    public int max_sge_rd;
    public int max_cq;
    public int max_cqe;
    public int max_mr;
    public int max_pd;
    public int max_qp_rd_atom;
    public int max_ee_rd_atom;
    public int max_res_rd_atom;
    public int max_qp_init_rd_atom;
    public int max_ee_init_rd_atom;
    /** {@code enum ibv_atomic_cap}. */
    public int atomic_cap;
    public int max_ee;
    public int max_rdd;
    public int max_mw;
    public int max_raw_ipv6_qp;
    public int max_raw_ethy_qp;
    public int max_mcast_grp;
    public int max_mcast_qp_attach;
    public int max_total_mcast_qp_attach;
    public int max_ah;
    public int max_fmr;
    public int max_map_per_fmr;
    public int max_srq;
    public int max_srq_wr;
    public int max_srq_sge;
    /** {@code uint16_t}. */
    public short max_pkeys;
    /** {@code uint8_t}. */
    public byte local_ca_ack_delay;
    /** {@code uint8_t}: ports are numbered 1..phys_port_cnt. */
    public byte phys_port_cnt;
}
