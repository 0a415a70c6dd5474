package rdma.queues.c;

import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;
import com.sun.jna.Union;

/**
 * {@code struct ibv_send_wr}: a send work request (SEND, RDMA WRITE, RDMA READ, atomics, ...).
 * C declares three unions in it; each is modelled here so that the size and every offset match,
 * which the layout test proves member by member.
 */
@FieldOrder({"wr_id", "next", "sg_list", "num_sge", "opcode", "send_flags", "imm_data", "wr", "qp_type", "bind_mw"})
public class ibv_send_wr extends Structure {
    /** Yours: it comes back in the completion. */
    public long wr_id;
    public Pointer next;
    public Pointer sg_list;
    public int num_sge;
    /** {@code enum ibv_wr_opcode}: see {@link WrOpcode}. */
    public int opcode;
    /** {@code enum ibv_send_flags}: see {@link SendFlag}. */
    public int send_flags;
    /** C: an anonymous union of {@code __be32 imm_data} and {@code uint32_t invalidate_rkey}. */
    public int imm_data;
    /** The operation's remote side: {@code wr.rdma} for RDMA READ/WRITE (chapters 05, 06). */
    public wr_union wr;
    public qp_type_union qp_type;
    /** C: an anonymous union of {@code bind_mw} and the smaller {@code tso}. */
    public bind_mw_struct bind_mw;

    /** {@code wr.rdma}. */
    @FieldOrder({"remote_addr", "rkey"})
    public static class rdma_struct extends Structure {
        public long remote_addr;
        public int rkey;
    }

    /** {@code wr.atomic}. */
    @FieldOrder({"remote_addr", "compare_add", "swap", "rkey"})
    public static class atomic_struct extends Structure {
        public long remote_addr;
        public long compare_add;
        public long swap;
        public int rkey;
    }

    /** {@code wr.ud}. */
    @FieldOrder({"ah", "remote_qpn", "remote_qkey"})
    public static class ud_struct extends Structure {
        public Pointer ah;
        public int remote_qpn;
        public int remote_qkey;
    }

    /** {@code wr}: one of rdma, atomic, ud, depending on the opcode and QP type. */
    @FieldOrder({"rdma", "atomic", "ud"})
    public static class wr_union extends Union {
        public rdma_struct rdma;
        public atomic_struct atomic;
        public ud_struct ud;
    }

    /** {@code qp_type.xrc}. */
    @FieldOrder({"remote_srqn"})
    public static class xrc_struct extends Structure {
        public int remote_srqn;
    }

    /** {@code qp_type}. */
    @FieldOrder({"xrc"})
    public static class qp_type_union extends Union {
        public xrc_struct xrc;
    }

    /** {@code struct ibv_mw_bind_info}. */
    @FieldOrder({"mr", "addr", "length", "mw_access_flags"})
    public static class ibv_mw_bind_info extends Structure {
        public Pointer mr;
        public long addr;
        public long length;
        public int mw_access_flags;
    }

    /** {@code bind_mw}. */
    @FieldOrder({"mw", "rkey", "bind_info"})
    public static class bind_mw_struct extends Structure {
        public Pointer mw;
        public int rkey;
        public ibv_mw_bind_info bind_info;
    }
}
