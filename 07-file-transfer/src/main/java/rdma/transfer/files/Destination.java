package rdma.transfer.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import rdma.support.VerbsException;

/**
 * Where a receiver puts what it is sent, and what it refuses before any byte moves: a name that
 * is not a plain file name, a file that exists (unless {@code force}), a size above
 * {@code maxSize} or above the free space of the directory.
 */
public record Destination(Path directory, boolean force, long maxSize) {

    /** The directory, checked: it exists and this process may write into it. */
    public static Destination of(Path directory, boolean force, long maxSize) {
        if (!Files.isDirectory(directory)) {
            throw new VerbsException("--dir " + directory, "it is not a directory", "Create it, or name another");
        }
        if (!Files.isWritable(directory)) {
            throw new VerbsException("--dir " + directory, "this user may not write into it", "Name a directory of your own");
        }
        return new Destination(directory, force, maxSize);
    }

    /** Why a file {@code name} of {@code size} bytes is refused, or null when it is welcome. */
    public String refusal(String name, long size) {
        String problem = SafeName.problem(name);
        if (problem != null) {
            return "the file name \"" + SafeName.printable(name) + "\" is refused: " + problem;
        }
        Path target = directory.resolve(name);
        if (!force && Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            return name + " exists in the receiver's directory, and the receiver does not overwrite (its --force would)";
        }
        if (size > maxSize) {
            return name + " is " + size + " bytes, more than the receiver's --max-size of " + maxSize;
        }
        long free = usableSpace();
        if (size > free) {
            return name + " is " + size + " bytes, more than the " + free + " bytes free in the receiver's directory";
        }
        return null;
    }

    private long usableSpace() {
        try {
            return Files.getFileStore(directory).getUsableSpace();
        } catch (IOException unknown) {
            return Long.MAX_VALUE; // the write itself will say if the disk fills
        }
    }

    /** A new temporary file in the directory, to become {@code name} once it is verified. */
    public PartialFile create(String name) {
        return PartialFile.create(directory, name, force);
    }
}
