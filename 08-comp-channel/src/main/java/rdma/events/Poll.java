package rdma.events;

import com.sun.jna.Native;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;

/**
 * The two calls of the C library that waiting with a timeout needs: {@code fcntl(2)}, to make
 * the channel's fd non-blocking, and {@code poll(2)}, to wait until it is readable or the time
 * is up. Direct mapping, named as in C.
 */
final class Poll {
    static {
        Native.register(Poll.class, Platform.C_LIBRARY_NAME);
    }

    static final int F_GETFL = 3;
    static final int F_SETFL = 4;
    static final int O_NONBLOCK = 04000;
    static final short POLLIN = 0x001;
    static final int EINTR = 4;
    static final int EAGAIN = 11;

    private Poll() {
    }

    static native int fcntl(int fd, int cmd, int arg);

    /** {@code int poll(struct pollfd *fds, nfds_t nfds, int timeout)}: the number of ready fds, 0 on timeout. */
    static native int poll(Pointer fds, long nfds, int timeout);
}
