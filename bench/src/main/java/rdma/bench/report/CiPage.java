package rdma.bench.report;

import java.io.IOException;
import java.util.List;

/**
 * The "ci" section of docs/benchmarks.md, from bench/ci.sh's log: how long {@code .ci/run} took
 * on a fresh clone, step by step.
 *
 * <pre>java -cp ... rdma.bench.report.CiPage bench/logs/ci.log docs/benchmarks.md</pre>
 */
public final class CiPage {
    /** What the run spends outside its steps (the script's own start and end), at most. */
    static final double UNCOUNTED_SECONDS = 30;

    private CiPage() {
    }

    public static void main(String[] args) throws IOException {
        Section.fromLog(args, "CiPage", log -> "ci", CiPage::render);
    }

    /** The section's Markdown. */
    static String render(RunLog log) {
        List<Double> steps = log.values("step");
        double total = log.runs("total").get(0).value();
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
                minutes; each step:

                | step | seconds | share |
                | --- | ---: | ---: |
                """, log.fact("date"), log.fact("commit"), log.fact("cpus"), total / 60));
        for (int step = 1; step <= steps.size(); step++) {
            double seconds = steps.get(step - 1);
            page.append(String.format("| %s | %.0f | %.0f%% |%n", log.fact("step " + step), seconds, 100 * seconds / total));
        }
        page.append("""

                To reproduce: `mvn -q install -DskipTests && bench/ci.sh` (on the host, as root, with nothing else
                running; it takes as long as CI).
                """);
        return page.toString();
    }
}
