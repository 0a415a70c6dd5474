package rdma.support;

import com.sun.jna.NativeLibrary;

/**
 * Loads one of rdma-core's C libraries by the names a distribution gives it: the development
 * symlink first ({@code libibverbs.so}, from the -dev package), then the run-time file
 * ({@code libibverbs.so.1}), which is all a machine without the headers has.
 */
public final class NativeLibraries {
    private NativeLibraries() {
    }

    /**
     * The first of {@code names} that loads; when none does, a {@link VerbsException} that says
     * {@code library} is not installed and, in {@code installHint}, how to install it.
     */
    public static NativeLibrary load(String library, String installHint, String... names) {
        UnsatisfiedLinkError last = null;
        for (String name : names) {
            try {
                return NativeLibrary.getInstance(name);
            } catch (UnsatisfiedLinkError notThisName) {
                last = notThisName; // try the next name
            }
        }
        throw new VerbsException("loading " + library, library + ".so.1 is not installed", installHint, last);
    }
}
