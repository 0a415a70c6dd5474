package rdma.devices.c;

import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;

/**
 * {@code struct ibv_context}: what {@code ibv_open_device} returns. Programs keep it as an opaque
 * pointer, but some verbs are {@code static inline} functions in {@code verbs.h} that read it:
 * the data-path verbs call through its {@code ops} table (chapter 03), and the extended verbs
 * through the {@link verbs_context} that the library places in memory right before it.
 */
@FieldOrder({"device", "ops", "cmd_fd", "async_fd", "num_comp_vectors", "mutex", "abi_compat"})
public class ibv_context extends Structure {
    public Pointer device;
    public ibv_context_ops ops;
    public int cmd_fd;
    public int async_fd;
    /** How many completion vectors (interrupt lines) the device offers completion channels. */
    public int num_comp_vectors;
    /** {@code pthread_mutex_t}: its size depends on the platform. */
    public long[] mutex = PthreadTypes.mutex();
    /** {@code __VERBS_ABI_IS_EXTENDED} (all bits set) when a {@link verbs_context} surrounds this context. */
    public Pointer abi_compat;

    public ibv_context() {
    }

    public ibv_context(Pointer context) {
        super(context);
        read();
    }
}
