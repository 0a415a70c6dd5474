package rdma.transfer.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import rdma.support.VerbsException;

/** The temporary file of a file on its way in: never left behind by a receiver that survives, and cleaned up after one that did not. */
class PartialFileTest {
    @TempDir
    Path directory;

    private String[] entries() throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(file -> file.getFileName().toString()).sorted().toArray(String[]::new);
        }
    }

    @Test
    void aFileNotCommittedIsDeletedOnClose() throws Exception {
        try (PartialFile file = PartialFile.create(directory, "a.bin", false)) {
            file.write(ByteBuffer.wrap(new byte[] {1, 2, 3}));
            assertThat(entries()).singleElement().asString().startsWith(".07-file-transfer." + ProcessHandle.current().pid() + ".");
        }
        assertThat(entries()).isEmpty();
    }

    /** Even when closing its channel fails, the temporary file goes; the error says what to delete otherwise. */
    @Test
    void theTemporaryFileIsDeletedEvenWhenItsChannelFailsToClose() throws Exception {
        Path temporary = Files.createFile(directory.resolve(".07-file-transfer.1.ab.part"));
        PartialFile file = new PartialFile(temporary, directory.resolve("a.bin"), false, new ChannelThatFailsToClose());

        assertThatThrownBy(file::close).isInstanceOf(VerbsException.class)
                .hasMessageStartingWith("deleting " + temporary + ": the disk went away").hasCauseInstanceOf(IOException.class);
        assertThat(entries()).isEmpty();
    }

    /** A killed receiver's partial file is deleted by the next one; one of a receiver still running is not. */
    @Test
    void staleFilesOfReceiversNoLongerRunningAreRemoved() throws Exception {
        long gone = ProcessHandle.allProcesses().mapToLong(ProcessHandle::pid).max().orElseThrow() + 1000;
        Files.createFile(directory.resolve(".07-file-transfer." + gone + ".1f.part"));
        Files.createFile(directory.resolve(".07-file-transfer." + ProcessHandle.current().pid() + ".2e.part"));
        Files.createFile(directory.resolve("kept.bin"));

        assertThat(PartialFile.removeStale(directory)).isEqualTo(1);
        assertThat(entries()).containsExactly(".07-file-transfer." + ProcessHandle.current().pid() + ".2e.part", "kept.bin");
    }

    /** A file channel whose close fails, as one on a disk that went away may. */
    private static final class ChannelThatFailsToClose extends FileChannel {
        @Override
        protected void implCloseChannel() throws IOException {
            throw new IOException("the disk went away");
        }

        @Override
        public int read(ByteBuffer dst) {
            throw new UnsupportedOperationException();
        }

        @Override
        public long read(ByteBuffer[] dsts, int offset, int length) {
            throw new UnsupportedOperationException();
        }

        @Override
        public int write(ByteBuffer src) {
            throw new UnsupportedOperationException();
        }

        @Override
        public long write(ByteBuffer[] srcs, int offset, int length) {
            throw new UnsupportedOperationException();
        }

        @Override
        public long position() {
            return 0;
        }

        @Override
        public FileChannel position(long newPosition) {
            return this;
        }

        @Override
        public long size() {
            return 0;
        }

        @Override
        public FileChannel truncate(long size) {
            return this;
        }

        @Override
        public void force(boolean metaData) {
        }

        @Override
        public long transferTo(long position, long count, WritableByteChannel target) {
            return 0;
        }

        @Override
        public long transferFrom(ReadableByteChannel src, long position, long count) {
            return 0;
        }

        @Override
        public int read(ByteBuffer dst, long position) {
            return 0;
        }

        @Override
        public int write(ByteBuffer src, long position) {
            return 0;
        }

        @Override
        public MappedByteBuffer map(MapMode mode, long position, long size) {
            throw new UnsupportedOperationException();
        }

        @Override
        public FileLock lock(long position, long size, boolean shared) {
            throw new UnsupportedOperationException();
        }

        @Override
        public FileLock tryLock(long position, long size, boolean shared) {
            throw new UnsupportedOperationException();
        }
    }
}
