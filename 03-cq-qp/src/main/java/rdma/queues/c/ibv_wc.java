package rdma.queues.c;

import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;

/** {@code struct ibv_wc}: a work completion, what {@code ibv_poll_cq} fills in. */
@FieldOrder({"wr_id", "status", "opcode", "vendor_err", "byte_len", "imm_data", "qp_num", "src_qp",
        "wc_flags", "pkey_index", "slid", "sl", "dlid_path_bits"})
public class ibv_wc extends Structure {
    public long wr_id;
    /** {@code enum ibv_wc_status}: see {@link WcStatus}. */
    public int status;
    /** {@code enum ibv_wc_opcode}: see {@link WcOpcode}. */
    public int opcode;
    public int vendor_err;
    /** For receives: how many bytes arrived. */
    public int byte_len;
    /** C: an anonymous union of {@code __be32 imm_data} and {@code uint32_t invalidated_rkey}. */
    public int imm_data;
    public int qp_num;
    public int src_qp;
    public int wc_flags;
    public short pkey_index;
    public short slid;
    public byte sl;
    public byte dlid_path_bits;
}
