package rdma.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Every chapter's walkthrough quotes the code that runs: each chapter has a {@code ReadmeTest}
 * that extends this one and runs it on its own README (Surefire runs tests from the module's
 * working directory, the chapter folder).
 */
public abstract class ChapterReadmeTest {
    @Test
    void everyQuotedBlockIsInTheSource() throws Exception {
        Path chapter = Path.of("").toAbsolutePath();
        assertThat(ReadmeQuotes.count(chapter)).as("quoted blocks in %s/README.md", chapter).isPositive();
        assertThat(ReadmeQuotes.stale(chapter)).isEmpty();
    }
}
