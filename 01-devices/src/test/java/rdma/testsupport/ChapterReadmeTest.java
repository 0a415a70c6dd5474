package rdma.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
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

    /**
     * A chapter's README names its lesson file ("Read [`X.java`](path) first") in its first lines,
     * where a learner looks; the file exists, and the walkthrough follows it: its first quote comes
     * from the lesson, the lesson is quoted at least as often as any other file, and its quotes
     * come in the order of the source, top to bottom.
     */
    @Test
    void theLessonFileIsNamedFirstAndWalked() throws IOException {
        Path chapter = Path.of("").toAbsolutePath();
        String lesson = ReadmeQuotes.lessonFile(chapter)
                .orElseThrow(() -> new AssertionError(chapter + "/README.md names no lesson file in its first lines"));
        assertThat(chapter.resolve(lesson)).as("the lesson file of %s", chapter).isRegularFile();
        Map<String, Long> quotes = ReadmeQuotes.quotesPerFile(chapter);
        assertThat(quotes.getOrDefault(lesson, 0L)).as("quotes of %s in %s/README.md", lesson, chapter)
                .isPositive().isEqualTo(quotes.values().stream().max(Long::compare).orElseThrow());
        assertThat(ReadmeQuotes.quotedFiles(chapter)).as("the quotes of %s/README.md", chapter).first().isEqualTo(lesson);
        assertThat(ReadmeQuotes.outOfOrder(chapter, lesson)).as("%s, walked in order", lesson).isEmpty();
    }

    /**
     * The README's account of the chapter's library is the library: every class of it (but the C
     * structures, listed by kind) is named there. The program is the package that has {@code main}.
     */
    @Test
    void theReadmeNamesEveryClassOfTheLibrary() throws IOException {
        Path chapter = Path.of("").toAbsolutePath();
        String readme = Files.readString(chapter.resolve("README.md"));
        assertThat(libraryClasses(chapter.resolve("src/main/java"))).as("library classes of %s", chapter)
                .isNotEmpty().allSatisfy(name -> assertThat(readme).as("%s/README.md names %s", chapter, name)
                        .contains("`" + name + "`", "[`" + name + "`]"));
    }

    /** The top-level classes of every package that has no {@code main}, but the ones named as C names them. */
    static List<String> libraryClasses(Path sources) throws IOException {
        try (Stream<Path> files = Files.walk(sources)) {
            List<Path> java = files.filter(file -> file.toString().endsWith(".java")).toList();
            List<Path> programs = java.stream().filter(ChapterReadmeTest::hasMain).map(Path::getParent).toList();
            return java.stream().filter(file -> !programs.contains(file.getParent()))
                    .map(file -> file.getFileName().toString().replace(".java", ""))
                    .filter(name -> Character.isUpperCase(name.charAt(0))).sorted().toList();
        }
    }

    private static boolean hasMain(Path file) {
        try {
            return Files.readString(file).contains("public static void main(String[] args)");
        } catch (IOException unreadable) {
            throw new java.io.UncheckedIOException(unreadable);
        }
    }
}
