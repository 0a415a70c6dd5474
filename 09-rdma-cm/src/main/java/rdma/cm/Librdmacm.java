package rdma.cm;

import com.sun.jna.NativeLibrary;
import rdma.support.NativeLibraries;

/** Finds librdmacm, the connection manager's user-space library, which the bindings register against. */
public final class Librdmacm {
    static final String INSTALL_HINT = "Install it: apt-get install librdmacm1 (Debian/Ubuntu), dnf install librdmacm"
            + " (Fedora/RHEL), zypper install librdmacm1 (openSUSE), pacman -S rdma-core (Arch)";

    private static volatile NativeLibrary library;

    private Librdmacm() {
    }

    /** The loaded library; a {@code VerbsException} naming the packages when it is missing. */
    public static NativeLibrary load() {
        NativeLibrary loaded = library;
        if (loaded == null) {
            loaded = NativeLibraries.load("librdmacm", INSTALL_HINT, "rdmacm", "librdmacm.so.1");
            library = loaded;
        }
        return loaded;
    }
}
