package rdma.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The raw log a bench script writes: comment lines starting with "#" (the first says when and
 * where it ran), then one run a line, its key words and last its measured value:
 * {@code java 64 16 2 21.53} is Java's run of round 2 at 64 B with a list of 16.
 */
public record RunLog(String header, List<Run> runs) {
    /** One run: the words before its value, and the value. */
    public record Run(List<String> key, double value) {
    }

    public static RunLog read(Path file) throws IOException {
        return parse(Files.readAllLines(file));
    }

    public static RunLog parse(List<String> lines) {
        String header = null;
        List<Run> runs = new ArrayList<>();
        for (String line : lines) {
            if (line.startsWith("#")) {
                header = header == null ? line.substring(1).strip() : header;
            } else if (!line.isBlank()) {
                List<String> words = List.of(line.strip().split("\\s+"));
                runs.add(new Run(words.subList(0, words.size() - 1), Double.parseDouble(words.get(words.size() - 1))));
            }
        }
        return new RunLog(header, runs);
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

    /**
     * The distinct words at {@code position} of the keys that start with {@code first}, in numeric
     * order: the sizes, the lists.
     */
    public List<String> distinct(String first, int position) {
        return runs.stream().filter(run -> run.key().get(0).equals(first)).map(run -> run.key().get(position)).distinct()
                .sorted(Comparator.comparingLong(Long::parseLong)).toList();
    }
}
