package rdma.queues.c;

import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;

/**
 * {@code struct ibv_qp_attr}: the attributes {@code ibv_modify_qp} sets and {@code ibv_query_qp}
 * reads. Only the fields named in the attribute mask are used.
 */
@FieldOrder({"qp_state", "cur_qp_state", "path_mtu", "path_mig_state", "qkey", "rq_psn", "sq_psn",
        "dest_qp_num", "qp_access_flags", "cap", "ah_attr", "alt_ah_attr", "pkey_index",
        "alt_pkey_index", "en_sqd_async_notify", "sq_draining", "max_rd_atomic", "max_dest_rd_atomic",
        "min_rnr_timer", "port_num", "timeout", "retry_cnt", "rnr_retry", "alt_port_num",
        "alt_timeout", "rate_limit"})
public class ibv_qp_attr extends Structure {
    public int qp_state;
    public int cur_qp_state;
    public int path_mtu;
    public int path_mig_state;
    public int qkey;
    public int rq_psn;
    public int sq_psn;
    public int dest_qp_num;
    public int qp_access_flags;
    public ibv_qp_cap cap;
    public ibv_ah_attr ah_attr;
    public ibv_ah_attr alt_ah_attr;
    public short pkey_index;
    public short alt_pkey_index;
    public byte en_sqd_async_notify;
    public byte sq_draining;
    public byte max_rd_atomic;
    public byte max_dest_rd_atomic;
    public byte min_rnr_timer;
    public byte port_num;
    public byte timeout;
    public byte retry_cnt;
    public byte rnr_retry;
    public byte alt_port_num;
    public byte alt_timeout;
    public int rate_limit;
}
