package rdma.book;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/troubleshooting.md lists every fix the programs can print. The fixes are collected from
 * the code: the hint, the third argument, of each error the chapters raise ({@code new VerbsException},
 * {@code VerbsException.ofErrno}, {@code VerbsException.check}, and their kin), the string
 * constants and methods that compute hints ({@code NO_DEVICES_HINT}, {@code hintForPostFailure},
 * {@code rtrHint}), and the hint of every completion status. Each fixed piece of text of ten
 * characters or more must appear in the page; what varies ({@code "Pass -o " + most()}) is the
 * page's "…".
 */
class TroubleshootingTest {
    private static final Path PAGE = Repository.ROOT.resolve("docs/troubleshooting.md");
    private static final Pattern RAISE = Pattern.compile(
            "new (?:VerbsException|PeerGoneException|PeerKnows)\\(|VerbsException\\.(?:ofErrno|check)\\(");
    private static final Pattern HINT_CONSTANT = Pattern.compile("static final String \\w*HINT\\w* =([^;]*);");
    private static final Pattern HINT_METHOD = Pattern.compile("(?:String|VerbsException) (?:hint\\w*|\\w+Hint)\\([^)]*\\) \\{");
    private static final Pattern STATUS = Pattern.compile("IBV_WC_\\w+\\(\\d+, ((?:\"(?:[^\"\\\\]|\\\\.)*\"\\s*\\+?\\s*)+)\\)");
    private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final int SHORTEST_PIECE = 10;

    @Test
    void everyFixTheCodeCanPrintIsInThePage() {
        String page = normalized(Repository.read(PAGE));
        Set<String> fixes = fixesInTheCode();
        List<String> missing = new ArrayList<>();
        for (String fix : fixes) {
            for (String piece : fix.split("…")) {
                String text = normalized(piece);
                if (text.length() >= SHORTEST_PIECE && !page.contains(text)) {
                    missing.add(text + "   (from: " + fix + ")");
                }
            }
        }
        assertThat(fixes).as("fixes found in the code").hasSizeGreaterThan(80);
        assertThat(missing).isEmpty();
    }

    /** Every hint of the chapters' main code, its fixed pieces joined by "…" where code computes the rest. */
    static Set<String> fixesInTheCode() {
        Set<String> fixes = new LinkedHashSet<>();
        for (Path source : Repository.mainSources()) {
            String code = Repository.read(source);
            Matcher raise = RAISE.matcher(code);
            while (raise.find()) {
                List<String> arguments = arguments(code, raise.end());
                if (!arguments.isEmpty()) {
                    // (what, problem, hint[, cause]), (verb, errno, hint), (rc, verb, hint): the hint is third
                    addPieces(fixes, arguments.get(Math.min(2, arguments.size() - 1)));
                }
            }
            Matcher constant = HINT_CONSTANT.matcher(code);
            while (constant.find()) {
                addPieces(fixes, constant.group(1));
            }
            Matcher method = HINT_METHOD.matcher(code);
            while (method.find()) {
                addPieces(fixes, body(code, method.end()));
            }
            if (source.endsWith("WcStatus.java")) {
                Matcher status = STATUS.matcher(code);
                while (status.find()) {
                    addPieces(fixes, status.group(1));
                }
            }
        }
        return fixes;
    }

    /** The literal pieces of a Java expression, joined: literals side by side with '+' are one piece. */
    private static void addPieces(Set<String> fixes, String expression) {
        List<String> pieces = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        Matcher literal = LITERAL.matcher(expression);
        int end = 0;
        while (literal.find()) {
            String between = expression.substring(end, literal.start());
            if (!between.isBlank() && !between.strip().equals("+") && current.length() > 0) {
                pieces.add(current.toString());
                current.setLength(0);
            }
            current.append(literal.group(1).replace("\\\"", "\"").replace("\\n", " "));
            end = literal.end();
        }
        if (current.length() > 0) {
            pieces.add(current.toString());
        }
        if (!pieces.isEmpty()) {
            fixes.add(String.join("…", pieces));
        }
    }

    /** The arguments of the call whose parentheses open just before {@code from}, split at top-level commas. */
    private static List<String> arguments(String code, int from) {
        List<String> arguments = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        int depth = 0;
        boolean inString = false;
        for (int i = from; i < code.length(); i++) {
            char c = code.charAt(i);
            if (inString) {
                current.append(c);
                if (c == '\\') {
                    current.append(code.charAt(++i));
                } else if (c == '"') {
                    inString = false;
                }
                continue;
            }
            if (c == '"') {
                inString = true;
            } else if (c == '(') {
                depth++;
            } else if (c == ')' && depth-- == 0) {
                arguments.add(current.toString());
                return arguments;
            } else if (c == ',' && depth == 0) {
                arguments.add(current.toString());
                current.setLength(0);
                continue;
            }
            current.append(c);
        }
        return arguments;
    }

    /** The body of the method whose brace opens just before {@code from}. */
    private static String body(String code, int from) {
        int depth = 1;
        int i = from;
        while (i < code.length() && depth > 0) {
            char c = code.charAt(i++);
            depth += c == '{' ? 1 : c == '}' ? -1 : 0;
        }
        return code.substring(from, i);
    }

    /** Markdown's table pipes escaped, runs of blanks one space: the page's text as the code's. */
    private static String normalized(String text) {
        return text.replace("\\|", "|").replaceAll("\\s+", " ").strip();
    }

    @Test
    void theCollectorFindsWhatItShould() {
        Set<String> fixes = fixesInTheCode();
        assertThat(fixes).contains("Ask for fewer entries (max_cqe in ibv_devinfo -v)")
                .contains("Pass -o … or less")
                .anyMatch(fix -> fix.startsWith("A local protection error: a scatter/gather entry names memory outside its MR,"));
    }
}
