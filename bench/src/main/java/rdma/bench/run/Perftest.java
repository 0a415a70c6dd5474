package rdma.bench.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reading perftest's reports, and running its tools again where the lab spoiled a run. */
final class Perftest {
    private static final Pattern INLINE = Pattern.compile("Max inline data *: *(\\d+)");
    private static final Pattern NUMBER = Pattern.compile("[0-9.]+");
    private static final Pattern COUNT = Pattern.compile("[0-9]+");
    /** Why a run whose clock estimate failed runs again. */
    static final String CLOCK_FAILED = "perftest could not estimate the CPU's clock rate (its times would be inf)";

    private Perftest() {
    }

    /**
     * The number in column {@code column} (counted from 1) of the first line after the table
     * heading that holds {@code heading} ("t_typical", "BW average") whose first field is a count
     * (the size); empty where that column holds no number (perftest's "inf").
     */
    static Optional<String> tableValue(String report, String heading, int column) {
        boolean inTable = false;
        for (String line : report.split("\n")) {
            if (!inTable) {
                inTable = line.contains(heading);
                continue;
            }
            String[] field = line.trim().split("\\s+");
            if (field.length >= column && COUNT.matcher(field[0]).matches()) {
                String value = field[column - 1];
                return NUMBER.matcher(value).matches() ? Optional.of(value) : Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** The value, or the run's failure with both sides' outputs. */
    static String value(Pair.Outcome run, String heading, int column, String what) {
        return tableValue(run.client(), heading, column)
                .orElseThrow(() -> new IllegalStateException(what + " failed:\n" + run.shown()));
    }

    /** The largest inline message a report says it used ("Max inline data : 0[B]"); 0 where it says none. */
    static int inlineOf(String report) {
        Matcher inline = INLINE.matcher(report);
        return inline.find() ? Integer.parseInt(inline.group(1)) : 0;
    }

    /**
     * perftest turns CPU cycles into time with a clock rate it estimates when it starts, and on
     * the lab's emulated CPUs the estimate fails now and then: it says "Correlation coefficient
     * r^2: ... < 0.9" and reports inf. Whether {@code output} is of such a run.
     */
    static boolean clockFailed(String output) {
        return output.contains("Correlation coefficient");
    }

    /** {@code run}, again while its client's clock estimate failed, {@link Retry#ATTEMPTS} times at most. */
    static Pair.Outcome retried(Supplier<Pair.Outcome> run) {
        return Retry.until(run, outcome -> clockFailed(outcome.client()), CLOCK_FAILED);
    }

    /** One of perftest's tools as every benchmark runs it: {@code -F} (a CPU frequency it cannot read is no error), the GID index. */
    static List<String> command(Session session, String tool) {
        List<String> command = new ArrayList<>(List.of(tool, "-F"));
        if (session.gid != null) {
            command.addAll(List.of("-x", session.gid));
        }
        return command;
    }

    /** {@code tool} with {@code options} after it. */
    static List<String> with(List<String> tool, String... options) {
        return Pair.concat(tool, List.of(options));
    }
}
