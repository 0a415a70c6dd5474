package rdma.memory.c;

import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;

/** {@code struct ibv_mr}: a registered memory region, as {@code ibv_reg_mr} returns it. */
@FieldOrder({"context", "pd", "addr", "length", "handle", "lkey", "rkey"})
public class ibv_mr extends Structure {
    public Pointer context;
    public Pointer pd;
    public Pointer addr;
    /** {@code size_t}. */
    public long length;
    /** The kernel's handle for this MR; only the library uses it. */
    public int handle;
    /** Local key: goes in this side's own work requests ({@code ibv_sge.lkey}). */
    public int lkey;
    /** Remote key: sent to the peer so that it can RDMA-read or -write this region. */
    public int rkey;

    public ibv_mr() {
    }

    public ibv_mr(Pointer mr) {
        super(mr);
        read();
    }
}
