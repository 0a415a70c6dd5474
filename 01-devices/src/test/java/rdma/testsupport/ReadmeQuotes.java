package rdma.testsupport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Keeps a chapter README honest: every fenced code block announced by a line
 * {@code <!-- quote: path/in/the/module -->} must appear, line for line, in that file (indentation
 * may be shifted as a whole). A walkthrough can then never drift from the code that runs.
 */
public final class ReadmeQuotes {
    private static final Pattern QUOTE = Pattern.compile(
            "<!-- quote: (\\S+) -->\\s*\\n```[a-z]*\\n(.*?)\\n```", Pattern.DOTALL);

    /** "Read [`Rping.java`](src/main/java/rdma/cm/rping/Rping.java) first": the lesson file, and its path in the module. */
    public static final Pattern LESSON = Pattern.compile("Read \\[`(\\w+\\.java)`\\]\\((src/main/java/\\S+?\\.java)\\)\\s+first");

    /** How many of the README's first lines may come before the lesson file is named. */
    private static final int LESSON_WITHIN_LINES = 8;

    private ReadmeQuotes() {
    }

    /** The lesson file the README names in its first lines, as a path in the module; empty when it names none there. */
    public static Optional<String> lessonFile(Path moduleDirectory) throws IOException {
        List<String> lines = Files.readAllLines(moduleDirectory.resolve("README.md"));
        String opening = String.join("\n", lines.subList(0, Math.min(LESSON_WITHIN_LINES, lines.size())));
        Matcher lesson = LESSON.matcher(opening);
        if (!lesson.find()) {
            return Optional.empty();
        }
        if (!lesson.group(2).endsWith("/" + lesson.group(1))) {
            throw new IllegalStateException("README.md names " + lesson.group(1) + " but links " + lesson.group(2));
        }
        return Optional.of(lesson.group(2));
    }

    /** How many blocks the README quotes from each file. */
    public static Map<String, Long> quotesPerFile(Path moduleDirectory) throws IOException {
        Matcher quote = QUOTE.matcher(Files.readString(moduleDirectory.resolve("README.md")));
        Map<String, Long> counts = new TreeMap<>();
        while (quote.find()) {
            counts.merge(quote.group(1), 1L, Long::sum);
        }
        return counts;
    }

    /** One line per quote that is not in its source; empty when all are. */
    public static List<String> stale(Path moduleDirectory) throws IOException {
        String readme = Files.readString(moduleDirectory.resolve("README.md"));
        List<String> stale = new ArrayList<>();
        Matcher quote = QUOTE.matcher(readme);
        while (quote.find()) {
            Path source = moduleDirectory.resolve(quote.group(1));
            if (!Files.exists(source)) {
                stale.add(quote.group(1) + ": no such file");
            } else if (!contains(Files.readAllLines(source), Arrays.asList(quote.group(2).split("\n", -1)))) {
                stale.add(quote.group(1) + ": not found there:\n" + quote.group(2));
            }
        }
        return stale;
    }

    /** How many quotes the README has, so that a test can tell "all fine" from "none found". */
    public static int count(Path moduleDirectory) throws IOException {
        Matcher quote = QUOTE.matcher(Files.readString(moduleDirectory.resolve("README.md")));
        int count = 0;
        while (quote.find()) {
            count++;
        }
        return count;
    }

    /** The file each quote comes from, in the order the README quotes them. */
    public static List<String> quotedFiles(Path moduleDirectory) throws IOException {
        Matcher quote = QUOTE.matcher(Files.readString(moduleDirectory.resolve("README.md")));
        List<String> files = new ArrayList<>();
        while (quote.find()) {
            files.add(quote.group(1));
        }
        return files;
    }

    /**
     * One line per quote of {@code file} that comes earlier in the source than the quote before it:
     * empty when the README walks the file from top to bottom.
     */
    public static List<String> outOfOrder(Path moduleDirectory, String file) throws IOException {
        List<String> source = Files.readAllLines(moduleDirectory.resolve(file));
        Matcher quote = QUOTE.matcher(Files.readString(moduleDirectory.resolve("README.md")));
        List<String> backwards = new ArrayList<>();
        int previous = -1;
        while (quote.find()) {
            if (quote.group(1).equals(file)) {
                List<String> block = Arrays.asList(quote.group(2).split("\n", -1));
                int line = lineOf(source, block);
                if (line < previous) {
                    backwards.add(file + " line " + (line + 1) + " is quoted after line " + (previous + 1) + ": "
                            + block.get(0).strip());
                }
                previous = Math.max(previous, line);
            }
        }
        return backwards;
    }

    private static boolean contains(List<String> source, List<String> block) {
        return lineOf(source, block) >= 0;
    }

    /** Where {@code block} starts in {@code source}, counted from 0; -1 when it is not there. */
    private static int lineOf(List<String> source, List<String> block) {
        List<String> wanted = dedent(block);
        for (int start = 0; start + block.size() <= source.size(); start++) {
            if (dedent(source.subList(start, start + block.size())).equals(wanted)) {
                return start;
            }
        }
        return -1;
    }

    private static List<String> dedent(List<String> lines) {
        int indent = lines.stream().filter(line -> !line.isBlank())
                .mapToInt(line -> line.length() - line.stripLeading().length()).min().orElse(0);
        return lines.stream().map(line -> line.isBlank() ? "" : line.substring(indent)).toList();
    }
}
