package rdma.srq.c;

import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;

/** {@code struct ibv_srq_init_attr}: what {@code ibv_create_srq} needs, and where it writes what it granted. */
@FieldOrder({"srq_context", "attr"})
public class ibv_srq_init_attr extends Structure {
    /** A value the program gets back in the SRQ's asynchronous events; unused here. */
    public Pointer srq_context;
    public ibv_srq_attr attr;
}
