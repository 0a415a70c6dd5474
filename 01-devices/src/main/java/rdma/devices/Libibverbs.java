package rdma.devices;

import com.sun.jna.NativeLibrary;
import rdma.support.NativeLibraries;
import rdma.support.VerbsException;

/**
 * Finds libibverbs, the user-space half of the verbs API. Every binding class of every chapter
 * registers its native methods against the library this returns.
 */
public final class Libibverbs {
    /** The development symlink first, then the run-time name that the libibverbs1 package ships. */
    static final String[] NAMES = {"ibverbs", "libibverbs.so.1"};

    static final String INSTALL_HINT = "Install it: apt-get install libibverbs1 ibverbs-providers"
            + " (Debian/Ubuntu), dnf install libibverbs (Fedora/RHEL), zypper install libibverbs1"
            + " (openSUSE), pacman -S rdma-core (Arch)";

    private static volatile NativeLibrary library;

    private Libibverbs() {
    }

    /** The loaded library; throws a {@link VerbsException} naming the packages when it is missing. */
    public static NativeLibrary load() {
        NativeLibrary loaded = library;
        if (loaded == null) {
            loaded = load(NAMES);
            library = loaded;
        }
        return loaded;
    }

    static NativeLibrary load(String... names) {
        return NativeLibraries.load("libibverbs", INSTALL_HINT, names);
    }
}
