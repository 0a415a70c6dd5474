package rdma.transfer.files;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import rdma.support.VerbsException;

/**
 * A file on its way in: written into a temporary file in the target directory, and given its
 * name only by {@link #commit}, after its checksum matched: forced to disk, then renamed, then
 * the directory forced too, so that the name appears only for complete, verified content, even
 * after a crash. Closing a file that was not committed deletes it: no failure the receiver
 * survives leaves a temporary file behind. A receiver that does not survive (killed, or its
 * machine crashed) leaves one; {@link #removeStale} deletes those of receivers no longer
 * running when the next receiver starts. They are not resumed: a transfer starts again.
 */
public final class PartialFile implements AutoCloseable {
    /** Temporary files are hidden, and named so that they are recognizably this program's: then its pid. */
    static final String PREFIX = ".07-file-transfer.";
    private static final Pattern TEMPORARY = Pattern.compile(Pattern.quote(PREFIX) + "(\\d+)\\.\\p{XDigit}+\\.part");

    private final Path temporary;
    private final Path target;
    private final boolean replace;
    private final FileChannel channel;
    private boolean committed;

    /** Over {@code channel}, open on {@code temporary}: {@link #create} makes both; tests pass their own channel. */
    PartialFile(Path temporary, Path target, boolean replace, FileChannel channel) {
        this.temporary = temporary;
        this.target = target;
        this.replace = replace;
        this.channel = channel;
    }

    static PartialFile create(Path directory, String name, boolean replace) {
        Path temporary = directory.resolve(PREFIX + ProcessHandle.current().pid() + "."
                + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".part");
        try {
            FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            return new PartialFile(temporary, directory.resolve(name), replace, channel);
        } catch (IOException failed) {
            throw new VerbsException("creating " + temporary, String.valueOf(failed.getMessage()), "Check the directory (--dir)", failed);
        }
    }

    /**
     * Deletes the temporary files in {@code directory} of receivers that are no longer running
     * (the pid in the name is no live process), and returns how many: the partial files of a
     * receiver that was killed. Those of a receiver still at work are left alone.
     */
    public static int removeStale(Path directory) {
        int removed = 0;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory, PREFIX + "*.part")) {
            for (Path entry : entries) {
                Matcher name = TEMPORARY.matcher(entry.getFileName().toString());
                if (name.matches() && ProcessHandle.of(Long.parseLong(name.group(1))).isEmpty()
                        && Files.deleteIfExists(entry)) {
                    removed++;
                }
            }
        } catch (IOException unreadable) {
            throw new VerbsException("removing stale partial files in " + directory, String.valueOf(unreadable.getMessage()),
                    "Check the directory (--dir)", unreadable);
        }
        return removed;
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
                    "Free space in the receiver's directory, or choose another (--dir)", failed);
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
                    "The receiver keeps it; send again under another name, or start the receiver with --force", appeared);
        } catch (IOException failed) {
            throw new VerbsException("naming " + target, String.valueOf(failed.getMessage()), "Check the directory (--dir)", failed);
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

    /** Deletes the temporary file, unless {@link #commit} gave it its name: also when closing its channel fails. */
    @Override
    public void close() {
        if (committed) {
            return;
        }
        IOException failure = null;
        try {
            channel.close();
        } catch (IOException closing) {
            failure = closing;
        }
        try {
            Files.deleteIfExists(temporary);
        } catch (IOException deleting) {
            if (failure != null) {
                deleting.addSuppressed(failure);
            }
            failure = deleting;
        }
        if (failure != null) {
            throw new VerbsException("deleting " + temporary, String.valueOf(failure.getMessage()), "Delete it by hand", failure);
        }
    }
}
