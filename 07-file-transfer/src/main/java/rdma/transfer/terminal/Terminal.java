package rdma.transfer.terminal;

import com.sun.jna.Native;
import com.sun.jna.Platform;

/** Whether a file descriptor is a terminal: {@code isatty(3)}, which Java has no call for. */
final class Terminal {
    static {
        Native.register(Terminal.class, Platform.C_LIBRARY_NAME);
    }

    private Terminal() {
    }

    private static native int isatty(int fd);

    /** Whether standard error is a terminal, where a progress bar may redraw itself. */
    static boolean stderrIsTerminal() {
        return isatty(2) == 1;
    }
}
