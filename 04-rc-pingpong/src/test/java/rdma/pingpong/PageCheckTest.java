package rdma.pingpong;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.jna.Memory;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import org.junit.jupiter.api.Test;

/** The -c data check: what a client marks, the server finds; anything else is reported by page. */
class PageCheckTest {
    private static final int PAGE = PageCheck.PAGE_SIZE;

    @Test
    void aMarkedBufferPassesAndAnUnmarkedPageIsReported() {
        Memory buffer = new Memory(3L * PAGE);
        buffer.setMemory(0, 3L * PAGE, PageCheck.FILL);
        PageCheck.markPageStarts(buffer, 3 * PAGE);
        ByteArrayOutputStream output = new ByteArrayOutputStream();

        assertThat(PageCheck.reportInvalidPages(buffer, 3 * PAGE, new PrintStream(output, true))).isZero();

        buffer.setByte(2L * PAGE + 100, (byte) 1);
        buffer.setByte(0, (byte) 0x7b);
        assertThat(PageCheck.reportInvalidPages(buffer, 3 * PAGE, new PrintStream(output, true))).isEqualTo(2);
        assertThat(output.toString()).isEqualTo("invalid data in page 0\ninvalid data in page 2\n");
    }

    @Test
    void aMessageSmallerThanAPageIsOnePage() {
        Memory buffer = new Memory(64);
        buffer.setMemory(0, 64, PageCheck.FILL);
        PageCheck.markPageStarts(buffer, 64);
        assertThat(buffer.getByte(0)).isZero();
        assertThat(PageCheck.reportInvalidPages(buffer, 64, new PrintStream(new ByteArrayOutputStream()))).isZero();
    }
}
