package rdma.queues;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import rdma.testsupport.ReadmeQuotes;

/** The walkthrough quotes the code that runs. */
class ReadmeTest {
    @Test
    void everyQuotedBlockIsInTheSource() throws Exception {
        Path module = Path.of("").toAbsolutePath();
        assertThat(ReadmeQuotes.count(module)).isPositive();
        assertThat(ReadmeQuotes.stale(module)).isEmpty();
    }
}
