package rdma.memory;

import com.sun.jna.Native;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;
import rdma.support.VerbsException;

/**
 * Page-aligned native memory, outside the Java heap: the garbage collector neither moves nor
 * frees it, so a device can safely read and write it for as long as it is registered. A
 * {@link MemoryRegion} owns one for its buffer and frees it only after deregistering it.
 */
public final class AlignedMemory implements AutoCloseable {
    static {
        Native.register(AlignedMemory.class, Platform.C_LIBRARY_NAME);
    }

    private final long length;
    private Pointer memory;

    private AlignedMemory(Pointer memory, long length) {
        this.memory = memory;
        this.length = length;
    }

    /** {@code int posix_memalign(void **memptr, size_t alignment, size_t size);} */
    private static native int posix_memalign(PointerByReference memptr, long alignment, long size);

    /** {@code void free(void *ptr);} */
    private static native void free(Pointer ptr);

    /** {@code int getpagesize(void);} */
    private static native int getpagesize();

    /** The page size, which registration pins memory in and page-aligned buffers are counted in. */
    public static int pageSize() {
        return getpagesize();
    }

    /**
     * {@code length} bytes starting on a page boundary, zeroed, in pages of their own: the
     * allocation is rounded up to whole pages. Registration pins whole pages, so an aligned
     * buffer pins no neighbouring memory by accident, and no other allocation shares its last page.
     */
    public static AlignedMemory allocate(long length) {
        long page = getpagesize();
        long wholePages = (length + page - 1) / page * page;
        PointerByReference memory = new PointerByReference();
        int rc = posix_memalign(memory, page, wholePages);
        if (rc != 0) {
            throw VerbsException.ofErrno("posix_memalign(" + length + ")", rc, "Ask for less memory");
        }
        memory.getValue().setMemory(0, wholePages, (byte) 0);
        return new AlignedMemory(memory.getValue(), length);
    }

    public Pointer pointer() {
        if (memory == null) {
            throw new IllegalStateException("the memory is freed");
        }
        return memory;
    }

    public long length() {
        return length;
    }

    @Override
    public void close() {
        if (memory != null) {
            free(memory);
            memory = null;
        }
    }
}
