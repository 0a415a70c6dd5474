package rdma.queues;

import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;

/** {@code struct ibv_sge}: one scatter/gather entry, a piece of registered memory. */
@FieldOrder({"addr", "length", "lkey"})
public class ibv_sge extends Structure {
    public long addr;
    public int length;
    /** The lkey of the memory region the piece lies in. */
    public int lkey;

    private static final ibv_sge LAYOUT = new ibv_sge();

    public static int offsetOf(String field) {
        return LAYOUT.fieldOffset(field);
    }

    public static int sizeOf() {
        return LAYOUT.size();
    }
}
