package rdma.book;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** The repository these tests check: its root (the docs module's parent), its Markdown and its Java sources. */
final class Repository {
    /** Surefire runs a module's tests from the module's folder. */
    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    /**
     * A fenced code block and, where a page shows it as a transcript, the {@code <!-- run: command -->}
     * marker above it: group 1 the marker, 2 its command, 3 the block's language, 4 its text.
     */
    static final Pattern FENCE = Pattern.compile("(<!-- run: (.*?) -->\\s*\\n)? *```([a-z]*)\\n(.*?)```", Pattern.DOTALL);

    private Repository() {
    }

    /** Every Markdown file, but those of build output and the lab's cache. */
    static List<Path> markdownFiles() {
        return files(".md");
    }

    /** Every Java source of the chapters' main code. */
    static List<Path> mainSources() {
        return files(".java").stream().filter(path -> path.toString().contains("/src/main/java/")).toList();
    }

    private static List<Path> files(String suffix) {
        try (Stream<Path> paths = Files.walk(ROOT)) {
            return paths.filter(path -> path.toString().endsWith(suffix))
                    .filter(path -> !ROOT.relativize(path).toString().matches("(.*/)?(target|\\.cache|\\.git|node_modules)/.*"))
                    .sorted().toList();
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
    }

    static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
    }

    /** The text outside fenced code blocks (their lines become empty, so line numbers stay). */
    static String withoutCodeBlocks(String markdown) {
        StringBuilder prose = new StringBuilder();
        boolean inFence = false;
        for (String line : markdown.split("\n", -1)) {
            if (line.stripLeading().startsWith("```")) {
                inFence = !inFence;
                prose.append('\n');
                continue;
            }
            prose.append(inFence ? "" : line).append('\n');
        }
        return prose.toString();
    }
}
