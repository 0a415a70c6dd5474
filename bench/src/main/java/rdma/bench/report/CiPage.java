package rdma.bench.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The "ci" section of docs/benchmarks.md, from bench/ci.sh's log: how long {@code .ci/run} took
 * on a fresh clone, step by step, beside a run of an earlier commit that it is compared with
 * (bench/logs/ci-before.log, where there is one).
 *
 * <pre>java -cp ... rdma.bench.report.CiPage bench/logs/ci.log docs/benchmarks.md [bench/logs/ci-before.log]</pre>
 */
public final class CiPage {
    /** What the run spends outside its steps (the script's own start and end), at most. */
    static final double UNCOUNTED_SECONDS = 30;

    private CiPage() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2 && args.length != 3) {
            System.err.println("usage: CiPage LOG PAGE [EARLIER-LOG]");
            System.exit(2);
        }
        RunLog log = RunLog.read(Path.of(args[0]));
        String body = args.length == 3 ? render(log, RunLog.read(Path.of(args[2]))) : render(log);
        Section.write(Path.of(args[1]), "ci", body);
    }

    /** The section's Markdown: one run. */
    static String render(RunLog log) {
        return render(log, null);
    }

    /** The section's Markdown: one run, each step beside its time in an {@code earlier} run (none where null). */
    static String render(RunLog log, RunLog earlier) {
        List<Double> steps = log.values("step");
        double total = total(log);
        double counted = steps.stream().mapToDouble(Double::doubleValue).sum();
        // The steps run one after the other and fill the run: a step whose end line was not found
        // would leave its time out of the table while the shares still looked plausible.
        if (total - counted > UNCOUNTED_SECONDS) {
            throw new IllegalArgumentException(String.format(
                    "the log's %d steps add up to %.0f s of the run's %.0f s: a step's end line (\"=== ci: STEP took Ns\") was not found; run bench/ci.sh again",
                    steps.size(), counted, total));
        }
        StringBuilder page = new StringBuilder(String.format("""
                ## CI itself

                Measured by `bench/ci.sh` on %s: `.ci/run`, what CI runs, on a fresh clone of commit `%s`, on a
                host of %s CPUs whose packages were already installed, so that its first step only found them
                there (a fresh machine downloads and installs them in that step). The whole run took %.1f
                minutes; each step""", log.fact("date"), log.fact("commit"), log.fact("cpus"), total / 60));
        if (earlier == null) {
            page.append(":\n\n| step | seconds | share |\n| --- | ---: | ---: |\n");
        } else {
            page.append(String.format(", beside its seconds in the run of commit `%s` on %s, which took %.1f minutes:%n%n",
                    earlier.fact("commit"), earlier.fact("date"), total(earlier) / 60));
            page.append("| step | seconds | share | `").append(earlier.fact("commit")).append("` |\n| --- | ---: | ---: | ---: |\n");
        }
        for (int step = 1; step <= steps.size(); step++) {
            String name = log.fact("step " + step);
            double seconds = steps.get(step - 1);
            page.append(String.format("| %s | %.0f | %.0f%% |", name, seconds, 100 * seconds / total));
            page.append(earlier == null ? "" : " " + secondsOf(earlier, name) + " |").append('\n');
        }
        page.append("""

                To reproduce: `mvn -q install -DskipTests && bench/ci.sh` (on the host, as root, with nothing else
                running; it takes as long as CI).
                """);
        return page.toString();
    }

    private static double total(RunLog log) {
        return log.runs("total").get(0).value();
    }

    /** The seconds of the step named {@code name} in {@code log}, or "-" where it has no such step. */
    private static String secondsOf(RunLog log, String name) {
        List<Double> steps = log.values("step");
        for (int step = 1; step <= steps.size(); step++) {
            if (log.fact("step " + step).equals(name)) {
                return String.format("%.0f", steps.get(step - 1));
            }
        }
        return "-";
    }
}
