package rdma.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The raw log a bench script writes: comment lines starting with "#" (the first says when and
 * where it ran; those of the form {@code # name: value} are facts about the run, such as the
 * versions of the tools), then one run a line, its key words and last its measured value:
 * {@code java 64 16 2 21.53} is Java's run of round 2 at 64 B with a list of 16.
 */
public record RunLog(String header, Map<String, String> facts, List<Run> runs) {
    /** One run: the words before its value, and the value. */
    public record Run(List<String> key, double value) {
    }

    private static final Pattern FACT = Pattern.compile("([a-z][a-z0-9 -]*): (.+)");

    public static RunLog read(Path file) throws IOException {
        return parse(Files.readAllLines(file));
    }

    public static RunLog parse(List<String> lines) {
        String header = null;
        Map<String, String> facts = new LinkedHashMap<>();
        List<Run> runs = new ArrayList<>();
        for (String line : lines) {
            if (line.startsWith("#")) {
                String comment = line.substring(1).strip();
                Matcher fact = FACT.matcher(comment);
                if (header == null) {
                    header = comment;
                } else if (fact.matches()) {
                    facts.put(fact.group(1), fact.group(2));
                }
            } else if (!line.isBlank()) {
                List<String> words = List.of(line.strip().split("\\s+"));
                runs.add(new Run(words.subList(0, words.size() - 1), Double.parseDouble(words.get(words.size() - 1))));
            }
        }
        return new RunLog(header, facts, runs);
    }

    /**
     * The values of the runs whose first words are {@code prefix}, in the order of the word after
     * them (the round), so that two tools' lists pair round by round.
     */
    public List<Double> values(String... prefix) {
        Map<Integer, Double> byRound = new TreeMap<>();
        for (Run run : runs) {
            if (run.key().size() == prefix.length + 1 && run.key().subList(0, prefix.length).equals(List.of(prefix))) {
                byRound.put(Integer.parseInt(run.key().get(prefix.length)), run.value());
            }
        }
        return new ArrayList<>(byRound.values());
    }

    /** The fact {@code name} of the log's comments, which the page cannot do without. */
    public String fact(String name) {
        String value = facts.get(name);
        if (value == null) {
            throw new IllegalArgumentException("the log says nothing of \"" + name + "\" (a line \"# " + name + ": ...\")");
        }
        return value;
    }

    /** The runs whose keys start with {@code prefix}. */
    public List<Run> runs(String... prefix) {
        return runs.stream().filter(run -> run.key().size() >= prefix.length
                && run.key().subList(0, prefix.length).equals(List.of(prefix))).toList();
    }

    /**
     * The distinct words at {@code position} of the keys that start with {@code first}, in numeric
     * order: the sizes, the lists.
     */
    public List<String> distinct(String first, int position) {
        return runs.stream().filter(run -> run.key().get(0).equals(first)).map(run -> run.key().get(position)).distinct()
                .sorted(Comparator.comparingLong(Long::parseLong)).toList();
    }
}
