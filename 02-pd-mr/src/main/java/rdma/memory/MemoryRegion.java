package rdma.memory;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import rdma.memory.c.Access;
import rdma.memory.c.ibv_mr;
import rdma.support.CEnum;
import rdma.support.Errno;
import rdma.support.VerbsException;

/**
 * A buffer and its registration, created and destroyed together: {@link #register} allocates
 * page-aligned native memory and registers it with {@code ibv_reg_mr}; {@link #close}
 * deregisters it ({@code ibv_dereg_mr}) and only then frees the memory. The device may touch the
 * buffer at any time while it is registered, so the buffer must not be freed a moment earlier,
 * and {@link #buffer()} refuses to hand it out once it is.
 */
public final class MemoryRegion implements AutoCloseable {
    private final AlignedMemory memory;
    private final int access;
    private final int lkey;
    private final int rkey;
    private Pointer mr;

    private MemoryRegion(AlignedMemory memory, int access, Pointer mr) {
        ibv_mr fields = new ibv_mr(mr);
        this.memory = memory;
        this.access = access;
        this.lkey = fields.lkey;
        this.rkey = fields.rkey;
        this.mr = mr;
    }

    /**
     * Allocates {@code length} bytes and registers them in {@code pd} with the {@link Access} bits.
     * A length that the device, the locked-memory limit or free memory cannot take is refused
     * first, naming the limit ({@link MemoryLimits}).
     */
    public static MemoryRegion register(ProtectionDomain pd, long length, int access) {
        MemoryLimits.requireRegistrable(length, pd.context().queryDevice().max_mr_size);
        AlignedMemory memory = AlignedMemory.allocate(length);
        Pointer mr = MemoryVerbs.ibv_reg_mr(pd.pointer(), memory.pointer(), length, access);
        if (mr == null) {
            int errno = Native.getLastError();
            memory.close();
            throw VerbsException.ofErrno("ibv_reg_mr(" + length + " bytes, " + Access.describe(access) + ")",
                    errno, hintForRegistrationFailure(errno, access));
        }
        return new MemoryRegion(memory, access, mr);
    }

    /** Why {@code ibv_reg_mr} failed with {@code errno}, and what to do. */
    public static String hintForRegistrationFailure(int errno, int access) {
        int remoteWriteOrAtomic = CEnum.bits(Access.IBV_ACCESS_REMOTE_WRITE, Access.IBV_ACCESS_REMOTE_ATOMIC);
        if (errno == Errno.EINVAL && (access & remoteWriteOrAtomic) != 0 && (access & Access.IBV_ACCESS_LOCAL_WRITE.value()) == 0) {
            return "REMOTE_WRITE and REMOTE_ATOMIC need LOCAL_WRITE: what a peer writes, this device"
                    + " writes into local memory; add local-write";
        }
        if (errno == Errno.ENOMEM) {
            return "Registration pins memory and counts against the locked-memory limit: see ulimit -l"
                    + " (KiB), raise it (limits.conf: '@rdma - memlock unlimited') or register less";
        }
        return "Check the length and access flags (see max_mr_size in ibv_devinfo -v)";
    }

    /** The registered memory; only while registered. */
    public Pointer buffer() {
        if (mr == null) {
            throw new IllegalStateException("the memory region is deregistered and its buffer freed");
        }
        return memory.pointer();
    }

    /** The buffer's address as a number: what a peer puts in its RDMA work requests. */
    public long address() {
        return Pointer.nativeValue(buffer());
    }

    public long length() {
        return memory.length();
    }

    public int access() {
        return access;
    }

    /** Local key: this side puts it in the scatter/gather entries of its own work requests. */
    public int lkey() {
        return lkey;
    }

    /** Remote key: sent to the peer, with the address, so that the peer can read or write here. */
    public int rkey() {
        return rkey;
    }

    /** The {@code struct ibv_mr *}. */
    public Pointer pointer() {
        if (mr == null) {
            throw new IllegalStateException("the memory region is deregistered");
        }
        return mr;
    }

    @Override
    public void close() {
        if (mr != null) {
            int rc = MemoryVerbs.ibv_dereg_mr(mr);
            if (rc != 0) {
                // Still registered: freeing the buffer now would let the device write into freed memory.
                VerbsException.check(rc, "ibv_dereg_mr", "A memory window bound to this region keeps it registered"
                        + " (soft-RoCE answers EINVAL): deallocate the window first");
            }
            mr = null;
            memory.close();
        }
    }
}
