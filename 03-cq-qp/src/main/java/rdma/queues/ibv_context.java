package rdma.queues;

import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;

/** {@code struct ibv_context}: what {@code ibv_open_device} returns (chapter 01 kept it opaque). */
@FieldOrder({"device", "ops", "cmd_fd", "async_fd", "num_comp_vectors", "mutex", "abi_compat"})
public class ibv_context extends Structure {
    public Pointer device;
    public ibv_context_ops ops;
    public int cmd_fd;
    public int async_fd;
    public int num_comp_vectors;
    /** {@code pthread_mutex_t}: 40 opaque bytes on x86_64 glibc; {@code long}s keep its 8-byte alignment. */
    public long[] mutex = new long[5];
    public Pointer abi_compat;

    private static final ibv_context LAYOUT = new ibv_context();

    /** Offset of {@code ops.<operation>} from the start of the context: where the function pointer is. */
    public static int opsOffsetOf(String operation) {
        return LAYOUT.fieldOffset("ops") + ibv_context_ops.offsetOf(operation);
    }
}
