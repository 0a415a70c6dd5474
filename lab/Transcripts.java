import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Keeps every transcript in the repository's Markdown real. A transcript is a fenced block right
 * after a line {@code <!-- run: COMMAND -->}; this program runs COMMAND (with bash, from the
 * repository's root, stdout and stderr together, as a terminal shows them) and either writes the
 * output into the block ({@code --update}) or compares it with what the block shows
 * ({@code --check}), numbers masked: times, QP numbers, PSNs, keys, addresses and GUIDs differ
 * from run to run, the words around them must not. Lines are compared sorted, because the two
 * sides of a demo print at the same time. A packet capture that shows a retransmission the page
 * does not is taken again (twice at most): that is the lab's timing, not the program.
 *
 * A transcript of {@code lab/pair} (two guests, two machines) runs where lab/pair does, on the host:
 * run there, this program runs only those; in the lab, every other one.
 *
 * <pre>
 * lab/run java lab/Transcripts.java --update [FILE-OR-DIRECTORY...]
 * lab/run java lab/Transcripts.java --check
 * java lab/Transcripts.java --check          # lab/pair's, on the host
 * </pre>
 */
public class Transcripts {
    /**
     * The marker and the fence, the block's lines (each with its newline, none at all when empty),
     * the closing fence; all indented alike, as a block inside a list item is.
     */
    private static final Pattern RUN = Pattern.compile("(?m)^(( *)<!-- run: (.+?) -->\\n\\2```[a-z]*\\n)((?:(?! *```)[^\\n]*\\n)*)(\\2```)");
    private static final Pattern ANSI = Pattern.compile("\u001b\\[[0-9;]*m");
    private static final long TIMEOUT_SECONDS = 600;
    /**
     * How often a capture is taken again when it shows a retransmission the page does not. Soft-RoCE
     * arms its ACK timer once for several packets, so on the lab's emulated CPUs a packet whose ACK
     * is on its way can be sent again, now and then: a different run, not a different program.
     */
    private static final int RERUNS_AFTER_A_RESEND = 2;
    /** How lab/wire marks a packet sent again with a PSN it already had. */
    private static final String RESENT = "(retransmitted)";

    public static void main(String[] args) throws Exception {
        if (args.length == 0 || !(args[0].equals("--update") || args[0].equals("--check"))) {
            System.err.println("usage: java lab/Transcripts.java --update|--check [FILE-OR-DIRECTORY...]");
            System.exit(2);
        }
        boolean update = args[0].equals("--update");
        Path root = Path.of("").toAbsolutePath();
        List<Path> files = new ArrayList<>();
        for (String where : args.length > 1 ? List.of(args).subList(1, args.length) : List.of(".")) {
            files.addAll(markdownFiles(root.resolve(where)));
        }
        List<String> differing = new ArrayList<>();
        int transcripts = 0;
        int elsewhere = 0;
        long start = System.nanoTime();
        for (Path file : files) {
            String text = Files.readString(file);
            Matcher run = RUN.matcher(text);
            StringBuilder updated = new StringBuilder();
            while (run.find()) {
                String indent = run.group(2);
                String command = run.group(3);
                if (!runsHere(command)) {
                    elsewhere++;
                    run.appendReplacement(updated, Matcher.quoteReplacement(run.group()));
                    continue;
                }
                transcripts++;
                // The time since the start: where a run that ran out of time spent it.
                System.err.println("transcripts: [" + TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start) + " s] "
                        + root.relativize(file) + ": " + command);
                String output = runUnlessWedged(root, command);
                String shown = run.group(4);
                // Checking, a capture is retaken only where it differs; writing, so that no page records one by chance.
                for (int rerun = 1; (update || differs(output, shown)) && resentOnlyNow(output, shown)
                        && rerun <= RERUNS_AFTER_A_RESEND; rerun++) {
                    System.err.println("transcripts: a packet was retransmitted, which the page does not show (rxe's"
                            + " ACK timer, see docs/wire.md): running it again (" + rerun + " of " + RERUNS_AFTER_A_RESEND + ")");
                    output = run(root, command);
                }
                if (output.isBlank()) {
                    // A command whose filter matched nothing is broken, whatever the page shows.
                    differing.add("printed nothing: " + root.relativize(file) + ": " + command);
                    System.err.println("transcripts: PRINTED NOTHING: " + root.relativize(file) + ": " + command);
                }
                if (!update && differs(output, shown)) {
                    differing.add("differs: " + root.relativize(file) + ": " + command);
                    System.err.println("transcripts: DIFFERS from a fresh run: " + root.relativize(file) + ": " + command
                            + "\n--- shown\n" + shown + "\n--- now\n" + output + "\n---");
                }
                String block = output.isEmpty() ? "" : output.lines()
                        .map(line -> line.isEmpty() ? "" : indent + line).reduce("", (lines, line) -> lines + line + "\n");
                run.appendReplacement(updated, Matcher.quoteReplacement(run.group(1) + block + run.group(5)));
            }
            run.appendTail(updated);
            if (update && !updated.toString().equals(text)) {
                Files.writeString(file, updated.toString());
            }
        }
        System.err.println("transcripts: " + transcripts + " run, " + (update ? "written" : differing.size() + " differ")
                + (elsewhere == 0 ? "" : "; " + elsewhere + " left for " + (IN_THE_LAB ? "the host (lab/pair)" : "the lab")));
        // Named again last, where the tail of a long log shows them.
        differing.forEach(which -> System.err.println("transcripts: " + which));
        System.exit(differing.isEmpty() ? 0 : 1);
    }

    private static final boolean IN_THE_LAB = "1".equals(System.getenv("RDMA_LAB"));

    /** lab/pair boots two guests of its own, from the host: its transcripts run there, every other one inside the lab. */
    private static boolean runsHere(String command) {
        return command.startsWith("lab/pair ") != IN_THE_LAB;
    }

    private static List<Path> markdownFiles(Path where) throws IOException {
        if (Files.isRegularFile(where)) {
            return List.of(where);
        }
        try (Stream<Path> paths = Files.walk(where)) {
            return paths.filter(path -> path.toString().endsWith(".md"))
                    .filter(path -> !path.toString().contains("/target/") && !path.toString().contains("/.cache/"))
                    .sorted().toList();
        }
    }

    /**
     * {@link #run}, and once more where a JVM of the command was wedged below Java: one that answers
     * no jcmd while it runs, which the program's Java code cannot do (docs/soft-roce.md, "A run
     * that hangs explains itself").
     */
    static String runUnlessWedged(Path root, String command) throws IOException, InterruptedException {
        try {
            return run(root, command);
        } catch (WedgedJvm wedged) {
            System.err.println("transcripts: " + wedged.getMessage() + ": running it once more");
            return run(root, command);
        }
    }

    /** A command that ran out of time because a JVM of it was wedged below Java. */
    static final class WedgedJvm extends IllegalStateException {
        WedgedJvm(String message) {
            super(message);
        }
    }

    /** The command's output as a learner's terminal shows it, without the lab's JVM option notice. */
    static String run(Path root, String command) throws IOException, InterruptedException {
        Path output = Files.createTempFile("transcript", ".txt");
        try {
            Process process = new ProcessBuilder("bash", "-c", command).directory(root.toFile())
                    .redirectErrorStream(true).redirectOutput(output.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile())).start();
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                String late = command + " did not finish within " + TIMEOUT_SECONDS + " s";
                System.err.println("transcripts: " + late + "; the threads of its JVMs:");
                if (stopAll(root, process)) {
                    throw new WedgedJvm(late + ", a JVM of it wedged");
                }
                throw new IllegalStateException(late);
            }
            // Maven's -q still prints colour resets: lines of nothing else go, as a terminal shows nothing for them.
            return String.join("\n", Files.readString(output, StandardCharsets.UTF_8).lines()
                    .filter(line -> line.isEmpty() || !ANSI.matcher(line).replaceAll("").isEmpty())
                    .map(line -> ANSI.matcher(line).replaceAll(""))
                    .filter(line -> !JVM_OPTIONS_NOTICE.matcher(line).find()).toList());
        } finally {
            Files.deleteIfExists(output);
        }
    }

    /**
     * Stops a command that ran out of time, and every process it started (a JVM of lab/both's,
     * Maven's), after showing the threads of each JVM (lab/jvm-threads, whose output joins this
     * program's). Returns whether one of them was wedged.
     */
    private static boolean stopAll(Path root, Process command) throws IOException, InterruptedException {
        List<ProcessHandle> processes = Stream.concat(command.descendants(), Stream.of(command.toHandle())).toList();
        boolean wedged = false;
        for (ProcessHandle process : processes) {
            if (process.info().command().orElse("").endsWith("/java")) {
                wedged |= new ProcessBuilder(root.resolve("lab/jvm-threads").toString(), String.valueOf(process.pid()))
                        .inheritIO().start().waitFor() == JVM_WEDGED;
            }
        }
        processes.forEach(ProcessHandle::destroyForcibly);
        return wedged;
    }

    /** lab/jvm-threads' exit status for a JVM that answered no jcmd. */
    private static final int JVM_WEDGED = 3;

    /** "Picked up JAVA_TOOL_OPTIONS: ...", which the lab's JVMs print first (labelled by lab/both, or not). */
    private static final Pattern JVM_OPTIONS_NOTICE = Pattern.compile("^(\\[\\w+\\] )?Picked up JAVA_TOOL_OPTIONS");

    /**
     * A number as the pages print them: hex after 0x (even 0xaaaaab, which has no decimal digit),
     * hex groups joined by colons (a MAC address, a GUID, a GID), or any run of hex digits, dots
     * and colons with a decimal digit in it.
     */
    private static final String NUMBER = "0x[0-9a-fA-F]+|[0-9a-fA-F]+(?::[0-9a-fA-F]+)+|[0-9a-fA-F]*[0-9][0-9a-fA-F.:]*";

    private static boolean differs(String output, String shown) {
        return !masked(output).equals(masked(shown.stripTrailing()));
    }

    private static boolean resentOnlyNow(String output, String shown) {
        return output.contains(RESENT) && !shown.contains(RESENT);
    }

    /** Every number is one mark, runs of blanks one space, lines sorted. */
    static List<String> masked(String transcript) {
        return transcript.lines()
                .map(line -> line.replaceAll(NUMBER, "#").replaceAll("[ \\t]+", " ").strip())
                .sorted().toList();
    }
}
