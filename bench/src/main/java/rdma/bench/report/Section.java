package rdma.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.function.Function;

/**
 * One section of docs/benchmarks.md: what lies between {@code <!-- NAME: begin -->} and
 * {@code <!-- NAME: end -->}, replaced whole (or appended when the page has none), so that each
 * script rewrites only its own results. The page is written beside and moved into place: never
 * half written.
 */
public final class Section {
    private Section() {
    }

    /** {@code page}'s text with section {@code name} holding {@code body}. */
    public static String replace(String page, String name, String body) {
        String begin = "<!-- " + name + ": begin -->\n";
        String end = "<!-- " + name + ": end -->\n";
        String section = begin + body + (body.endsWith("\n") ? "" : "\n") + end;
        int from = page.indexOf(begin);
        if (from < 0) {
            return page + (page.endsWith("\n") ? "" : "\n") + "\n" + section;
        }
        int to = page.indexOf(end, from);
        if (to < 0) {
            throw new IllegalStateException("the page has \"" + begin.strip() + "\" and no \"" + end.strip() + "\"");
        }
        return page.substring(0, from) + section + page.substring(to + end.length());
    }

    public static void write(Path page, String name, String body) throws IOException {
        Path next = page.resolveSibling(page.getFileName() + ".new");
        Files.writeString(next, replace(Files.readString(page), name, body));
        Files.move(next, page, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * What each page class's {@code main} does with {@code LOG PAGE} on its command line: reads
     * the run log, renders it, and rewrites the section {@code name} gives for that log.
     */
    public static void fromLog(String[] args, String program, Function<RunLog, String> name, Function<RunLog, String> render)
            throws IOException {
        if (args.length != 2) {
            System.err.println("usage: " + program + " LOG PAGE");
            System.exit(2);
        }
        RunLog log = RunLog.read(Path.of(args[0]));
        write(Path.of(args[1]), name.apply(log), render.apply(log));
    }
}
