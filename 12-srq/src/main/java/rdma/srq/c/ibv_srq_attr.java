package rdma.srq.c;

import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;

/**
 * {@code struct ibv_srq_attr}: how many receives a shared receive queue holds, how many
 * scatter/gather entries each may have, and its limit (the low-water mark; 0 when not armed).
 */
@FieldOrder({"max_wr", "max_sge", "srq_limit"})
public class ibv_srq_attr extends Structure {
    public int max_wr;
    public int max_sge;
    public int srq_limit;
}
