package rdma.book;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every build, lab and test command the READMEs and the book show is one CI runs: it is in
 * {@code .ci/run}, or it is a transcript's command (which CI runs in the lab and compares with
 * the page, lab/Transcripts.java --check), or a narrower form of one of those (one chapter's
 * {@code verify} of the whole reactor's). The few that CI does not run are listed here with the
 * reason, and the list may hold nothing that no page shows.
 */
class CommandsTest {
    private static final Pattern FENCE = Pattern.compile("(<!-- run: (.*?) -->\\s*\\n)?```([a-z]*)\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern MARKER = Pattern.compile("<!-- run: (.*?) -->");
    private static final Pattern COMMAND = Pattern.compile("^(?:sudo )?(?:[A-Z_]+=\\S+ )*(?:mvn|lab/\\w+|java|bench/)\\S*(?: .*)?$");

    /** Shown, and not run by CI, with the reason. */
    private static final Map<String, String> NOT_IN_CI = Map.of(
            "lab/run bench/rc-pingpong.sh", "a benchmark: minutes of exclusive use of the machine",
            "lab/run bench/rdma-perf.sh write", "a benchmark",
            "lab/run bench/rdma-perf.sh read", "a benchmark",
            "LAB_MEMORY=8G lab/run bench/file-transfer.sh", "a benchmark",
            "LAB_MEMORY=8G lab/run bench/comp-channel.sh", "a benchmark",
            "lab/run java lab/Transcripts.java --update 05-rdma-write", "it rewrites the pages; CI runs --check",
            "mvn -q -pl 04-rc-pingpong exec:java -Dexec.args=\"-d rxe0 -g 1\"", "one of two terminals; the transcripts run both sides",
            "mvn -q -pl 04-rc-pingpong exec:java -Dexec.args=\"-d rxe1 -g 1 192.0.2.1\"", "one of two terminals");

    @Test
    void everyCommandShownIsRunByCi() {
        String ci = Repository.read(Repository.ROOT.resolve(".ci/run")).replace("\\\n", " "); // continued lines joined
        Set<String> ciCommands = new TreeSet<>();
        ci.lines().map(CommandsTest::normalized).forEach(ciCommands::add);
        Set<String> transcripts = new TreeSet<>();
        Map<String, String> shown = new LinkedHashMap<>();
        for (Path page : Repository.markdownFiles()) {
            String text = Repository.read(page);
            Matcher marker = MARKER.matcher(text);
            while (marker.find()) {
                transcripts.add(normalized(marker.group(1)));
            }
            Matcher fence = FENCE.matcher(text);
            while (fence.find()) {
                if (fence.group(1) != null || !(fence.group(3).isEmpty() || fence.group(3).equals("bash"))) {
                    continue; // a transcript's output, or code
                }
                for (String line : fence.group(4).split("\n")) {
                    String command = line.replaceAll("\\s+#.*$", "").strip();
                    if (COMMAND.matcher(command).matches()) {
                        shown.putIfAbsent(command, Repository.ROOT.relativize(page).toString());
                    }
                }
            }
        }

        List<String> notRun = new ArrayList<>();
        shown.forEach((command, page) -> {
            if (!NOT_IN_CI.containsKey(command) && !runByCi(normalized(command), ciCommands, transcripts)) {
                notRun.add(page + ": " + command);
            }
        });
        assertThat(shown).as("commands shown").hasSizeGreaterThan(20);
        assertThat(notRun).as("commands shown that CI does not run").isEmpty();
        assertThat(NOT_IN_CI.keySet()).as("exceptions that no page shows any more").allMatch(shown::containsKey);
    }

    private static boolean runByCi(String command, Set<String> ciCommands, Set<String> transcripts) {
        if (ciCommands.contains(command) || isTranscript(command, transcripts)) {
            return true;
        }
        if (command.startsWith("lab/run ") && isTranscript(command.substring("lab/run ".length()), transcripts)) {
            return true; // the transcripts run in the lab
        }
        if (ciCommands.contains("lab/run " + command)) {
            return true; // a command for a machine with a device, which CI runs in the lab
        }
        // One chapter's tests are a part of the whole reactor's, which CI runs on the host and in the lab.
        String wholeReactor = command.replaceAll(" -pl \\S+", "");
        return command.contains(" verify") && ciCommands.contains(wholeReactor);
    }

    /** Whether a transcript runs {@code command}: as it is, or with its output filtered ("| sed ...") or an environment set. */
    private static boolean isTranscript(String command, Set<String> transcripts) {
        return transcripts.stream().map(transcript -> transcript.replaceAll("^([A-Z_]+=\\S+ )+", ""))
                .anyMatch(transcript -> transcript.equals(command) || transcript.startsWith(command + " |"));
    }

    /** The command as it runs, whatever only changes how it reports or who runs it: quiet, batch, offline, a private repository, stderr joined, sudo (CI is root). */
    static String normalized(String command) {
        return (" " + command.strip().replaceFirst("^sudo ", "") + " ")
                .replaceAll(" (?:-B|-q|-o|-Dmaven\\.repo\\.local=\\S+|-Dmaven\\.test\\.failure\\.ignore=\\S+|2>&1)(?= )", "")
                .replaceAll("^ (LAB_TIMEOUT|LAB_MEMORY)=\\S+", " ")
                .replaceAll("\\s*\\|\\s*tee .*$", "")
                .replaceAll("\\s+", " ").strip();
    }

    @Test
    void normalizingKeepsWhatMatters() {
        assertThat(normalized("LAB_TIMEOUT=600 lab/run mvn -B -q -o -Dmaven.repo.local=\"$fresh_repo\" -pl 01-devices exec:java | tee x"))
                .isEqualTo("lab/run mvn -pl 01-devices exec:java");
        assertThat(normalized("mvn -pl 05-rdma-write verify")).isEqualTo("mvn -pl 05-rdma-write verify");
    }
}
