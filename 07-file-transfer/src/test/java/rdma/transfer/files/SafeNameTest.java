package rdma.transfer.files;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Plain file names only: everything a sender could use to reach outside the receiver's directory is refused. */
class SafeNameTest {
    @Test
    void plainNamesPass() {
        for (String name : new String[] {"data.bin", "a", "archive..tar", ".hidden", "résumé.pdf", "x".repeat(255)}) {
            assertThat(SafeName.problem(name)).as(name).isNull();
        }
    }

    @Test
    void pathsAndOdditiesAreRefusedWithTheReason() {
        assertThat(SafeName.problem("")).isEqualTo("the name is empty");
        assertThat(SafeName.problem("..")).isEqualTo("\"..\" names a directory, not a file");
        assertThat(SafeName.problem(".")).isEqualTo("\".\" names a directory, not a file");
        assertThat(SafeName.problem("../etc/passwd")).startsWith("the name holds a '/'");
        assertThat(SafeName.problem("/etc/passwd")).startsWith("the name holds a '/'");
        assertThat(SafeName.problem("a\0b")).isEqualTo("the name holds a NUL byte");
        assertThat(SafeName.problem("a\nb")).isEqualTo("the name holds the control character 0x0a");
        assertThat(SafeName.problem("x".repeat(256))).isEqualTo("the name is 256 bytes long, more than 255");
        assertThat(SafeName.problem("é".repeat(128))).as("bytes, not characters").isEqualTo("the name is 256 bytes long, more than 255");
    }

    @Test
    void errorsQuoteNamesOnOneLine() {
        assertThat(SafeName.printable("a\nb\u001b[2J")).isEqualTo("a\\x0ab\\x1b[2J");
    }
}
