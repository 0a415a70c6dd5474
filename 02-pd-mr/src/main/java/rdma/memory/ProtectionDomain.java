package rdma.memory;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import rdma.devices.DeviceContext;
import rdma.support.VerbsException;

/**
 * {@code ibv_alloc_pd} and {@code ibv_dealloc_pd}. A protection domain groups the memory regions
 * and queue pairs that may be used together: a QP can only use memory registered in its own PD.
 */
public final class ProtectionDomain implements AutoCloseable {
    private final DeviceContext context;
    private Pointer pd;

    private ProtectionDomain(DeviceContext context, Pointer pd) {
        this.context = context;
        this.pd = pd;
    }

    public static ProtectionDomain allocate(DeviceContext context) {
        Pointer pd = MemoryVerbs.ibv_alloc_pd(context.pointer());
        if (pd == null) {
            throw VerbsException.ofErrno("ibv_alloc_pd(" + context.device().name() + ")", Native.getLastError(),
                    "The device refused a new protection domain (see max_pd in ibv_devinfo -v)");
        }
        return new ProtectionDomain(context, pd);
    }

    public DeviceContext context() {
        return context;
    }

    /** The {@code struct ibv_pd *}. */
    public Pointer pointer() {
        if (pd == null) {
            throw new IllegalStateException("the protection domain is deallocated");
        }
        return pd;
    }

    /** Fails with EBUSY (and stays allocated) while a memory region or QP of this PD exists. */
    @Override
    public void close() {
        if (pd != null) {
            int rc = MemoryVerbs.ibv_dealloc_pd(pd);
            if (rc == 0) {
                pd = null;
            }
            VerbsException.check(rc, "ibv_dealloc_pd", "Deregister every MR and destroy every QP of the PD first");
        }
    }
}
