package rdma.devices.c;

import com.sun.jna.Platform;
import rdma.support.VerbsException;

/**
 * The glibc thread types that some verbs structures embed ({@code pthread_mutex_t} in
 * {@code ibv_context}, a mutex and a condition variable in {@code ibv_qp}). Their sizes are the
 * C library's business and differ between CPU architectures, so every field after them moves with
 * the platform: the Java structures take the sizes from here, never from a number typed in.
 *
 * <p>Known, and proven by the layout tests: x86-64 (compiled and run) and aarch64 (compiled with
 * the cross compiler). Other architectures are refused by name rather than guessed.
 */
public final class PthreadTypes {
    private PthreadTypes() {
    }

    /** {@code sizeof(pthread_mutex_t)} for a JNA architecture name ({@code Platform.ARCH}). */
    public static int mutexSize(String arch) {
        return switch (arch) {
            case "x86-64" -> 40;
            case "aarch64" -> 48;
            default -> throw unknown(arch);
        };
    }

    /** {@code sizeof(pthread_cond_t)}: 48 bytes on both known architectures. */
    public static int condSize(String arch) {
        return switch (arch) {
            case "x86-64", "aarch64" -> 48;
            default -> throw unknown(arch);
        };
    }

    /**
     * An opaque {@code pthread_mutex_t} for a JNA structure field: {@code long}s rather than bytes,
     * because a {@code byte[]} would give the field 1-byte alignment and move what follows.
     */
    public static long[] mutex() {
        return new long[mutexSize(Platform.ARCH) / Long.BYTES];
    }

    /** An opaque {@code pthread_cond_t}, likewise. */
    public static long[] cond() {
        return new long[condSize(Platform.ARCH) / Long.BYTES];
    }

    private static VerbsException unknown(String arch) {
        return new VerbsException("laying out verbs structures", "the size of glibc's pthread types on " + arch
                + " is not known to these chapters", "Add it to PthreadTypes, then prove it with the layout tests");
    }
}
