package rdma.events;

import com.sun.jna.Native;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;

/**
 * The two calls of the C library that waiting with a timeout needs: {@code fcntl(2)}, to make
 * the channel's fd non-blocking, and {@code poll(2)}, to wait until it is readable or the time
 * is up. Direct mapping, named as in C; public for every file descriptor a program waits on.
 */
public final class Poll {
    static {
        Native.register(Poll.class, Platform.C_LIBRARY_NAME);
    }

    public static final int F_GETFL = 3;
    public static final int F_SETFL = 4;
    public static final int O_NONBLOCK = 04000;
    public static final short POLLIN = 0x001;
    public static final int EINTR = 4;
    public static final int EAGAIN = 11;

    private Poll() {
    }

    public static native int fcntl(int fd, int cmd, int arg);

    /** Makes {@code fd} non-blocking: a read with nothing to read returns at once (EAGAIN). 0, or -1 with errno set. */
    public static int nonBlocking(int fd) {
        int flags = fcntl(fd, F_GETFL, 0);
        return flags < 0 ? flags : fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    }

    /** {@code int poll(struct pollfd *fds, nfds_t nfds, int timeout)}: the number of ready fds, 0 on timeout. */
    public static native int poll(Pointer fds, long nfds, int timeout);
}
