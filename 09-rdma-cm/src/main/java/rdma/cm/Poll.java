package rdma.cm;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;
import rdma.cm.c.pollfd;
import rdma.support.Errno;
import rdma.support.Layout;
import rdma.support.VerbsException;

/**
 * The two calls of the C library that waiting on a file descriptor with a timeout needs:
 * {@code fcntl(2)}, to make it non-blocking, and {@code poll(2)}, to wait until it is readable or
 * the time is up. Direct mapping, named as in C; {@link #nonBlocking} and {@link Readable} are
 * public for any file descriptor a program waits on.
 */
public final class Poll {
    static {
        Native.register(Poll.class, Platform.C_LIBRARY_NAME);
    }

    static final int F_GETFL = 3;
    static final int F_SETFL = 4;
    static final int O_NONBLOCK = 04000;
    static final short POLLIN = 0x001;

    private Poll() {
    }

    static native int fcntl(int fd, int cmd, int arg);

    /** {@code int poll(struct pollfd *fds, nfds_t nfds, int timeout)}: the number of ready fds, 0 on timeout. */
    static native int poll(Pointer fds, long nfds, int timeout);

    /** Makes {@code fd} non-blocking: a read with nothing to read returns at once (EAGAIN). 0, or -1 with errno set. */
    public static int nonBlocking(int fd) {
        int flags = fcntl(fd, F_GETFL, 0);
        return flags < 0 ? flags : fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    }

    /** One fd to wait on until it is readable: its {@code struct pollfd} is made once, so a wait allocates nothing. */
    public static final class Readable {
        private static final Layout POLLFD = Layout.of(pollfd.class);

        private final Memory pollFd = new Memory(POLLFD.size());
        private final String what;

        /** {@code what} names the fd in an error: "the completion channel". */
        public Readable(int fd, String what) {
            this.what = what;
            pollFd.clear();
            pollFd.setInt(POLLFD.offsetOf("fd"), fd);
            pollFd.setShort(POLLFD.offsetOf("events"), POLLIN);
        }

        /** {@code poll(2)} for at most {@code nanos}: whether the fd is readable (after a signal, true: look again). */
        public boolean within(long nanos) {
            int millis = (int) Math.min(Integer.MAX_VALUE, Math.max(1, (nanos + 999_999) / 1_000_000));
            int ready = poll(pollFd, 1, millis);
            if (ready < 0) {
                int errno = Native.getLastError();
                if (errno == Errno.EINTR) {
                    return true;
                }
                throw VerbsException.ofErrno("poll(2) on " + what, errno, "Report this");
            }
            return ready > 0;
        }
    }
}
