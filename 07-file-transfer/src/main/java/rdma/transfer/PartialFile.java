package rdma.transfer;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;
import rdma.devices.VerbsException;

/**
 * A file on its way in: written into a temporary file in the target directory, and given its
 * name only by {@link #commit}, after its checksum matched: forced to disk, then renamed, then
 * the directory forced too, so that the name appears only for complete, verified content, even
 * after a crash. Closing a file that was not committed deletes it: no failure the receiver
 * survives leaves a temporary file behind.
 */
public final class PartialFile implements AutoCloseable {
    /** Temporary files are hidden, and named so that they are recognizably this program's. */
    static final String PREFIX = ".07-file-transfer.";

    private final Path temporary;
    private final Path target;
    private final boolean replace;
    private final FileChannel channel;
    private boolean committed;

    private PartialFile(Path temporary, Path target, boolean replace, FileChannel channel) {
        this.temporary = temporary;
        this.target = target;
        this.replace = replace;
        this.channel = channel;
    }

    static PartialFile create(Path directory, String name, boolean replace) {
        Path temporary = directory.resolve(PREFIX + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".part");
        try {
            FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            return new PartialFile(temporary, directory.resolve(name), replace, channel);
        } catch (IOException failed) {
            throw new VerbsException("creating " + temporary, String.valueOf(failed.getMessage()), "Check the directory (--dir)");
        }
    }

    /** The temporary file's path, for tests and errors. */
    public Path temporary() {
        return temporary;
    }

    /** Writes all of {@code bytes}, from its position to its limit. */
    public void write(ByteBuffer bytes) {
        try {
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
        } catch (IOException failed) {
            throw new VerbsException("writing " + temporary, String.valueOf(failed.getMessage()),
                    "Free space in the receiver's directory, or choose another (--dir)");
        }
    }

    /**
     * Forces the content to disk and gives it its name: replacing an existing file only when the
     * receiver was started with --force, and otherwise never, not even one that appeared during
     * the transfer (a hard link fails where the name exists; a file system without hard links
     * gets a rename after a check).
     */
    public void commit() {
        try {
            channel.force(true);
            channel.close();
            if (replace) {
                Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } else {
                linkWithoutReplacing();
            }
            forceDirectory();
            committed = true;
        } catch (FileAlreadyExistsException appeared) {
            throw new VerbsException("naming " + target, "a file of that name appeared during the transfer",
                    "The receiver keeps it; send again under another name, or start the receiver with --force");
        } catch (IOException failed) {
            throw new VerbsException("naming " + target, String.valueOf(failed.getMessage()), "Check the directory (--dir)");
        }
    }

    private void linkWithoutReplacing() throws IOException {
        try {
            Files.createLink(target, temporary);
            Files.delete(temporary);
        } catch (UnsupportedOperationException | FileSystemException noHardLinks) {
            if (noHardLinks instanceof FileAlreadyExistsException exists) {
                throw exists;
            }
            Files.move(temporary, target); // fails, too, where the name exists
        }
    }

    /** A rename is durable once the directory that holds it is on disk too. */
    private void forceDirectory() throws IOException {
        try (FileChannel directory = FileChannel.open(target.getParent(), StandardOpenOption.READ)) {
            directory.force(true);
        }
    }

    /** Deletes the temporary file, unless {@link #commit} gave it its name. */
    @Override
    public void close() {
        if (committed) {
            return;
        }
        try {
            channel.close();
            Files.deleteIfExists(temporary);
        } catch (IOException failed) {
            throw new VerbsException("deleting " + temporary, String.valueOf(failed.getMessage()), "Delete it by hand");
        }
    }
}
