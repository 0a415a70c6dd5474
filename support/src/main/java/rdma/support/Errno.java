package rdma.support;

/**
 * The errno values these chapters react to, from Linux's {@code <errno.h>} (the layout test checks
 * each against the C header). Verbs report failures as these numbers; {@link VerbsException}
 * names them with {@code strerror}.
 */
public final class Errno {
    public static final int EPERM = 1;
    public static final int ENOENT = 2;
    public static final int EINTR = 4;
    public static final int EAGAIN = 11;
    public static final int ENOMEM = 12;
    public static final int EACCES = 13;
    public static final int EBUSY = 16;
    public static final int EINVAL = 22;
    public static final int ENOSYS = 38;
    public static final int ENODATA = 61;
    public static final int EOPNOTSUPP = 95;
    public static final int ETIMEDOUT = 110;

    private Errno() {
    }
}
