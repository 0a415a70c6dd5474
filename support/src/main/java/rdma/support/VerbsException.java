package rdma.support;

/**
 * The one error type of these chapters: which verb failed, the errno it reported, what that errno
 * means ({@code strerror}) and what to do about it. {@link #getMessage()} is one line, ready for a
 * learner to read; {@code main} prints it and exits non-zero.
 */
public class VerbsException extends RuntimeException {
    private final String verb;
    private final int errno;
    private final String hint;

    /**
     * A failure that is not an errno from a verb (unknown device name, port out of range, ...).
     *
     * @param what    the operation or check that failed, as the learner would name it
     * @param problem what was wrong
     * @param hint    how to fix it
     */
    public VerbsException(String what, String problem, String hint) {
        this(what, problem, hint, null);
    }

    /**
     * The same, caused by {@code cause} (an {@code IOException}, say): the message stays one line,
     * and the cause is kept for whoever needs more than the line.
     */
    public VerbsException(String what, String problem, String hint, Throwable cause) {
        super(what + ": " + problem + ". " + hint, cause);
        this.verb = what;
        this.errno = 0;
        this.hint = hint;
    }

    private VerbsException(String verb, int errno, String hint) {
        super(verb + " failed: " + LibC.describe(errno) + ". " + hint);
        this.verb = verb;
        this.errno = errno;
        this.hint = hint;
    }

    /** A verb that reported {@code errno}; {@code hint} says what to do. */
    public static VerbsException ofErrno(String verb, int errno, String hint) {
        return new VerbsException(verb, errno, hint);
    }

    /**
     * Checks the return code of a verb that returns 0 on success. Verbs return the errno value
     * itself, or -1 with errno set (older providers do both); either way the errno is named.
     */
    public static void check(int rc, String verb, String hint) {
        if (rc == 0) {
            return;
        }
        int errno = rc > 0 ? rc : com.sun.jna.Native.getLastError();
        throw ofErrno(verb, errno, hint);
    }

    public String verb() {
        return verb;
    }

    /** The errno the verb reported, or 0 when the failure was not an errno. */
    public int errno() {
        return errno;
    }

    public String hint() {
        return hint;
    }
}
