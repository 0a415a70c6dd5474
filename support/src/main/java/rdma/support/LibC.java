package rdma.support;

import com.sun.jna.Native;
import com.sun.jna.Platform;

/** The one C library function the error messages need: the text of an errno. */
public final class LibC {
    static {
        Native.register(LibC.class, Platform.C_LIBRARY_NAME);
    }

    private LibC() {
    }

    /** {@code char *strerror(int errnum);} (man 3 strerror) */
    static native String strerror(int errnum);

    /** "Function not implemented (errno 38)", as a learner would look it up. */
    public static String describe(int errno) {
        return strerror(errno) + " (errno " + errno + ")";
    }
}
