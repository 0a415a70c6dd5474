package rdma.cm.c;

import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;

/** {@code struct rdma_route}: the addresses, and the path records route resolution found. */
@FieldOrder({"addr", "path_rec", "num_paths"})
public class rdma_route extends Structure {
    public rdma_addr addr;
    public Pointer path_rec;
    public int num_paths;
}
