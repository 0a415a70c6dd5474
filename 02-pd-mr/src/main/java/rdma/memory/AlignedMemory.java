package rdma.memory;

import com.sun.jna.Native;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;
import rdma.devices.VerbsException;

/**
 * Page-aligned native memory, outside the Java heap: the garbage collector neither moves nor
 * frees it, so a device can safely read and write it for as long as it is registered. Only a
 * {@link MemoryRegion} allocates and frees it, so it cannot outlive its registration.
 */
final class AlignedMemory {
    static {
        Native.register(AlignedMemory.class, Platform.C_LIBRARY_NAME);
    }

    private AlignedMemory() {
    }

    /** {@code int posix_memalign(void **memptr, size_t alignment, size_t size);} */
    private static native int posix_memalign(PointerByReference memptr, long alignment, long size);

    /** {@code void free(void *ptr);} */
    private static native void free(Pointer ptr);

    /** {@code int getpagesize(void);} */
    static native int getpagesize();

    /**
     * {@code length} bytes starting on a page boundary, zeroed. Registration pins whole pages, so
     * an aligned buffer pins no neighbouring memory by accident.
     */
    static Pointer allocate(long length) {
        PointerByReference memory = new PointerByReference();
        int rc = posix_memalign(memory, getpagesize(), length);
        if (rc != 0) {
            throw VerbsException.ofErrno("posix_memalign(" + length + ")", rc, "Ask for less memory");
        }
        memory.getValue().setMemory(0, length, (byte) 0);
        return memory.getValue();
    }

    static void release(Pointer memory) {
        free(memory);
    }
}
