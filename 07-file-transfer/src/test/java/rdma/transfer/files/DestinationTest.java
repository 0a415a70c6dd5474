package rdma.transfer.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import rdma.support.VerbsException;

/** What a receiver refuses before any byte moves, and how a file gets its name: only complete, only once. */
class DestinationTest {
    @TempDir
    Path directory;

    private static ByteBuffer bytes(String text) {
        return ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
    }

    private String[] entries() throws Exception {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(file -> file.getFileName().toString()).sorted().toArray(String[]::new);
        }
    }

    @Test
    void refusalsNameTheirReason() throws Exception {
        Files.writeString(directory.resolve("kept.txt"), "old");
        Destination careful = new Destination(directory, false, 1000);

        assertThat(careful.refusal("new.txt", 10)).isNull();
        assertThat(careful.refusal("../x", 10)).startsWith("the file name \"../x\" is refused: the name holds a '/'");
        assertThat(careful.refusal("kept.txt", 10))
                .isEqualTo("kept.txt exists in the receiver's directory, and the receiver does not overwrite (its --force would)");
        assertThat(careful.refusal("big.bin", 1001)).isEqualTo("big.bin is 1001 bytes, more than the receiver's --max-size of 1000");
        assertThat(new Destination(directory, false, Long.MAX_VALUE).refusal("huge.bin", Long.MAX_VALUE - 1))
                .contains("bytes, more than the ").endsWith(" bytes free in the receiver's directory");
        assertThat(new Destination(directory, true, Long.MAX_VALUE).refusal("kept.txt", 10)).as("--force").isNull();
    }

    @Test
    void theNameAppearsOnlyOnCommit() throws Exception {
        try (PartialFile file = new Destination(directory, false, Long.MAX_VALUE).create("data.txt")) {
            file.write(bytes("hello"));
            assertThat(entries()).hasSize(1).allMatch(name -> name.startsWith(PartialFile.PREFIX) && name.endsWith(".part"));
            file.commit();
        }
        assertThat(entries()).containsExactly("data.txt");
        assertThat(Files.readString(directory.resolve("data.txt"))).isEqualTo("hello");
    }

    @Test
    void aFileNeverCommittedLeavesNothing() throws Exception {
        try (PartialFile file = new Destination(directory, false, Long.MAX_VALUE).create("data.txt")) {
            file.write(bytes("half"));
        }
        assertThat(entries()).isEmpty();
    }

    @Test
    void withoutForceAFileThatAppearedMeanwhileIsKept() throws Exception {
        PartialFile file = new Destination(directory, false, Long.MAX_VALUE).create("data.txt");
        file.write(bytes("new"));
        Files.writeString(directory.resolve("data.txt"), "someone else's");

        assertThatThrownBy(file::commit).isInstanceOf(VerbsException.class).hasMessageContaining("appeared during the transfer");
        file.close();

        assertThat(entries()).containsExactly("data.txt");
        assertThat(Files.readString(directory.resolve("data.txt"))).isEqualTo("someone else's");
    }

    @Test
    void withForceTheOldFileIsReplaced() throws Exception {
        Files.writeString(directory.resolve("data.txt"), "old");
        try (PartialFile file = new Destination(directory, true, Long.MAX_VALUE).create("data.txt")) {
            file.write(bytes("new"));
            file.commit();
        }
        assertThat(entries()).containsExactly("data.txt");
        assertThat(Files.readString(directory.resolve("data.txt"))).isEqualTo("new");
    }

    @Test
    void aDirectoryThatIsNotOneIsNamed() throws Exception {
        Path file = Files.writeString(directory.resolve("plain"), "x");
        assertThatThrownBy(() -> Destination.of(file, false, 1)).hasMessageStartingWith("--dir " + file + ": it is not a directory");
    }
}
