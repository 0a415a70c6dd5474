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
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every build, lab and test command the READMEs and the book show is one CI runs: it is in
 * {@code .ci/run}, or it is a transcript's command (which CI runs in the lab and compares with
 * the page, lab/Transcripts.java --check), or a narrower form of one of those (one chapter's
 * {@code verify} of the whole reactor's). The few that CI does not run are listed here with the
 * reason, and the list may hold nothing that no page shows.
 */
class CommandsTest {
    private static final Pattern MARKER = Pattern.compile("<!-- run: (.*?) -->");
    private static final Pattern COMMAND = Pattern.compile(
            "^(?:sudo )?(?:[A-Z_]+=\\S+ )*(?:(?:mvn|lab/\\w+|java|bench/|bin/chapter)\\S*"
                    + "|ibv_(?:rc|uc|ud)_pingpong|ibv_devinfo|ibv_devices|rping|ib_(?:write|read|send)_(?:lat|bw))(?: .*)?$");
    /** A chapter's name at the start of a line, as if it were a command: there is none by that name (bin/chapter runs one). */
    private static final Pattern CHAPTER_AS_COMMAND = Pattern.compile("^\\d\\d-[a-z-]+ .*$");

    /** Shown, and not run by CI, with the reason. */
    private static final Map<String, String> NOT_IN_CI = Map.ofEntries(
            Map.entry("lab/run bench/rc-pingpong.sh", "a benchmark: minutes of exclusive use of the machine"),
            Map.entry("lab/run bench/rdma-perf.sh write", "a benchmark"),
            Map.entry("lab/run bench/rdma-perf.sh read", "a benchmark"),
            Map.entry("LAB_MEMORY=8G lab/run bench/file-transfer.sh", "a benchmark"),
            Map.entry("LAB_MEMORY=8G lab/run bench/comp-channel.sh", "a benchmark"),
            Map.entry("lab/run bench/rping.sh", "a benchmark"),
            Map.entry("lab/run java lab/Transcripts.java --update 05-rdma-write", "it rewrites the pages; CI runs --check"),
            Map.entry("bin/chapter 04-rc-pingpong -d rxe0 -g 1", "one of two terminals; a lab/both transcript runs both sides"),
            Map.entry("bin/chapter 04-rc-pingpong -d rxe1 -g 1 192.0.2.1", "one of two terminals"),
            Map.entry("ibv_rc_pingpong -d rxe1 -g 1 192.0.2.1", "one of two terminals"),
            Map.entry("bin/chapter 07-file-transfer --server --dir /srv/incoming", "one of two machines; a lab/both transcript runs both sides"),
            Map.entry("bin/chapter 07-file-transfer receiver.example a.iso b.tar notes.txt", "one of two machines"),
            Map.entry("bin/chapter 08-comp-channel pingpong -e", "one of two terminals; a lab/both transcript runs both sides"),
            Map.entry("ibv_rc_pingpong -e <server>", "one of two terminals"),
            Map.entry("bin/chapter 08-comp-channel pingpong --wait adaptive <server>", "one of two terminals"),
            Map.entry("bin/chapter 08-comp-channel transfer --server --dir /srv/incoming", "one of two machines"),
            Map.entry("bin/chapter 08-comp-channel transfer <receiver> a.iso", "one of two machines"),
            Map.entry("bin/chapter 12-srq -d rxe1 -q 4 -n 200 192.0.2.1", "one of two terminals; SrqDeviceTest runs both sides, both ways"),
            Map.entry("bin/chapter 12-srq -d rxe0 -q 4 -n 200 -e", "one of two terminals"),
            Map.entry("ibv_devinfo -d rxe0 -v | grep GID", "on the reader's own machine, after the commands above made rxe0"));

    @Test
    void everyCommandShownIsRunByCi() {
        Set<String> ciCommands = new TreeSet<>();
        ciLines(".ci/run").map(CommandsTest::normalized).forEach(ciCommands::add);
        for (String inLab : List.of(".ci/readme-in-lab", ".ci/device-tests-in-lab")) {
            ciLines(inLab).map(CommandsTest::inTheLab).map(CommandsTest::normalized).forEach(ciCommands::add);
        }
        Set<String> transcripts = new TreeSet<>();
        Map<String, String> shown = new LinkedHashMap<>();
        for (Path page : Repository.markdownFiles()) {
            String text = Repository.read(page);
            Matcher marker = MARKER.matcher(text);
            while (marker.find()) {
                transcripts.add(normalized(marker.group(1)));
            }
            Matcher fence = Repository.FENCE.matcher(text);
            while (fence.find()) {
                if (fence.group(1) != null || !(fence.group(3).isEmpty() || fence.group(3).equals("bash"))) {
                    continue; // a transcript's output, or code
                }
                for (String line : fence.group(4).split("\n")) {
                    String command = line.replaceAll("\\s+#.*$", "").strip();
                    if (COMMAND.matcher(command).matches() || CHAPTER_AS_COMMAND.matcher(command).matches()) {
                        shown.putIfAbsent(command, Repository.ROOT.relativize(page).toString());
                    }
                }
            }
        }

        List<String> notRun = new ArrayList<>();
        List<String> notRunnable = new ArrayList<>();
        shown.forEach((command, page) -> {
            if (CHAPTER_AS_COMMAND.matcher(command).matches()) {
                notRunnable.add(page + ": " + command + "   (no command has a chapter's name: bin/chapter runs one)");
            } else if (command.contains("lab/run") && command.matches(".*\\bmvn\\b.*") && !command.matches(".*\\bmvn\\b.* -o\\b.*")) {
                notRunnable.add(page + ": " + command + "   (the lab has no network: Maven in it runs offline, -o)");
            } else if (!NOT_IN_CI.containsKey(command) && !runByCi(normalized(command), ciCommands, transcripts)) {
                notRun.add(page + ": " + command);
            }
        });
        assertThat(shown).as("commands shown").hasSizeGreaterThan(20);
        assertThat(notRunnable).as("commands shown that cannot run as shown").isEmpty();
        assertThat(notRun).as("commands shown that CI does not run").isEmpty();
        assertThat(NOT_IN_CI.keySet()).as("exceptions that no page shows any more").allMatch(shown::containsKey);
    }

    /** A CI script's lines, each continued line joined to the one before. */
    private static Stream<String> ciLines(String script) {
        return Repository.read(Repository.ROOT.resolve(script)).replace("\\\n", " ").lines();
    }

    /** A line of a script that .ci/run runs inside the lab, as a reader types it: lab/run in front, after the environment it sets. */
    static String inTheLab(String line) {
        Matcher environment = Pattern.compile("^((?:[A-Z_]+=\\S+ )*)(.*)$").matcher(line.strip());
        environment.matches();
        return environment.group(1) + "lab/run " + environment.group(2);
    }

    private static boolean runByCi(String command, Set<String> ciCommands, Set<String> transcripts) {
        if (ciCommands.contains(command) || isTranscript(command, transcripts)) {
            return true;
        }
        if (command.startsWith("lab/run ") && isTranscript(command.substring("lab/run ".length()), transcripts)) {
            return true; // the transcripts run in the lab
        }
        Matcher script = Pattern.compile("^lab/run bash -c '(.*)'$").matcher(command);
        if (script.matches() && isTranscript(script.group(1), transcripts)) {
            return true; // the transcript runs the same commands in the lab, without bash -c around them
        }
        if (ciCommands.contains("lab/run " + command)) {
            return true; // a command for a machine with a device, which CI runs in the lab
        }
        // One chapter's tests are a part of the whole reactor's, which CI runs on the host and in the lab.
        String wholeReactor = command.replaceAll(" -pl \\S+", "");
        return command.contains(" verify")
                && (ciCommands.contains(wholeReactor) || inTwoParts(wholeReactor, ciCommands) || inTwoParts(command, ciCommands));
    }

    /**
     * A verify in the lab, of the whole reactor or of one module, which CI runs in two parts: every
     * test but the device tests on the host (the same verify, without lab/run), where they run the
     * same and many times faster, and the device tests in the lab, required, in one JVM of the same
     * JDK (JUnit's console launcher, .ci/device-tests-in-lab): every chapter's, or the module's, in
     * the module's directory, which the line names as a word of its own.
     */
    private static boolean inTwoParts(String command, Set<String> ciCommands) {
        Matcher lab = LAB_VERIFY.matcher(command);
        if (!lab.matches()) {
            return false;
        }
        String environment = lab.group(1);
        String module = lab.group(2) == null ? "" : lab.group(2);
        String java = environment.startsWith("JAVA_HOME=") ? environment.substring("JAVA_HOME=".length()).strip() + "/bin/java" : "java";
        return ciCommands.contains(environment + "mvn" + module + " verify")
                && ciCommands.stream().anyMatch(ci -> ci.startsWith("lab/run ") && ci.contains(" " + java + " ")
                        && ci.contains(" -Drdma.required=true ") && ci.contains(" org.junit.platform.console.ConsoleLauncher execute ")
                        && ci.contains(" --include-tag device ") && (module.isEmpty() || ci.contains(" " + module.substring(" -pl ".length()) + " ")));
    }

    /** A verify in the lab: its environment (JAVA_HOME), the module it is for, if one, and the device tests required. */
    private static final Pattern LAB_VERIFY = Pattern.compile(
            "^((?:[A-Z_]+=\\S+ )*)lab/run mvn( -pl \\S+)? verify -Drdma\\.required=true(?: -Dgroups=device)?$");

    /**
     * Whether a transcript runs {@code command}: as it is, with its output filtered ("| sed ..."),
     * with an environment set, or after commands that prepare its files ("mkdir ... && "), its
     * output filtered or not.
     */
    private static boolean isTranscript(String command, Set<String> transcripts) {
        return transcripts.stream().map(transcript -> transcript.replaceAll("^([A-Z_]+=\\S+ )+", ""))
                .anyMatch(transcript -> transcript.equals(command) || transcript.startsWith(command + " |")
                        || transcript.endsWith("&& " + command) || transcript.contains("&& " + command + " |"));
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
        assertThat(inTheLab("JAVA_HOME=/jdk mvn -o verify")).isEqualTo("JAVA_HOME=/jdk lab/run mvn -o verify");
    }
}
