package rdma.transfer.app;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import rdma.support.VerbsException;

/**
 * The demo's files, under the system's temporary directory: a file of random bytes to send, a
 * directory to receive it into, and both deleted at the end, whatever happened.
 */
final class DemoFiles implements AutoCloseable {
    private final Path source;
    private final Path receiveDirectory;

    private DemoFiles(Path source, Path receiveDirectory) {
        this.source = source;
        this.receiveDirectory = receiveDirectory;
    }

    /** A file of {@code size} random bytes and an empty directory. */
    static DemoFiles create(long size) {
        Path source = null;
        try {
            source = Files.createTempFile("07-file-transfer-demo-", ".bin");
            fillRandomly(source, size);
            return new DemoFiles(source, Files.createTempDirectory("07-file-transfer-demo-received-"));
        } catch (IOException failed) {
            deleteQuietly(source);
            throw new VerbsException("creating the demo's files under " + System.getProperty("java.io.tmpdir"),
                    String.valueOf(failed.getMessage()), "Free space there, or point java.io.tmpdir at another directory", failed);
        }
    }

    private static void fillRandomly(Path file, long size) throws IOException {
        SplittableRandom random = new SplittableRandom();
        ByteBuffer block = ByteBuffer.allocate(1 << 20);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            for (long written = 0; written < size; written += block.limit()) {
                block.clear();
                while (block.remaining() >= Long.BYTES) {
                    block.putLong(random.nextLong());
                }
                block.flip().limit((int) Math.min(block.limit(), size - written));
                while (block.hasRemaining()) {
                    channel.write(block);
                }
            }
        }
    }

    Path source() {
        return source;
    }

    Path receiveDirectory() {
        return receiveDirectory;
    }

    /** The received copy. */
    Path copy() {
        return receiveDirectory.resolve(source.getFileName());
    }

    /** SHA-256 of a whole file, read again from the disk: the demo's own check, apart from the protocol's. */
    static byte[] sha256(Path file) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            ByteBuffer block = ByteBuffer.allocateDirect(1 << 20);
            while (channel.read(block) >= 0) {
                digest.update(block.flip());
                block.clear();
            }
            return digest.digest();
        } catch (IOException failed) {
            throw new VerbsException("reading " + file + " back", String.valueOf(failed.getMessage()),
                    "Was it deleted while the demo ran?", failed);
        } catch (NoSuchAlgorithmException missing) {
            throw new IllegalStateException(missing);
        }
    }

    /** Deletes the source, the copy and the directory, and anything else the receiver left there. */
    @Override
    public void close() {
        deleteQuietly(source);
        try (Stream<Path> inside = Files.walk(receiveDirectory)) {
            inside.sorted(Comparator.reverseOrder()).forEach(DemoFiles::deleteQuietly);
        } catch (IOException gone) {
            // nothing left to delete
        }
    }

    private static void deleteQuietly(Path path) {
        if (path == null) {
            return;
        }
        try {
            Files.deleteIfExists(path);
        } catch (IOException ignored) {
            // a temporary file the system will clean
        }
    }
}
