package rdma.queues.c;

import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;

/** {@code struct ibv_sge}: one scatter/gather entry, a piece of registered memory. */
@FieldOrder({"addr", "length", "lkey"})
public class ibv_sge extends Structure {
    public long addr;
    public int length;
    /** The lkey of the memory region the piece lies in. */
    public int lkey;
}
