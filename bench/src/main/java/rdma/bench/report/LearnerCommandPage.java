package rdma.bench.report;

import java.io.IOException;
import java.util.List;

/**
 * The "learner-command" section of docs/benchmarks.md, from bench/learner-command.sh's log: the
 * learner's command as the first command of a fresh boot, on an earlier commit ("then") and on
 * this one ("now"), in alternate boots.
 *
 * <pre>java -cp ... rdma.bench.report.LearnerCommandPage bench/logs/learner-command.log docs/benchmarks.md</pre>
 */
public final class LearnerCommandPage {
    private LearnerCommandPage() {
    }

    public static void main(String[] args) throws IOException {
        Section.fromLog(args, "LearnerCommandPage", log -> "learner-command", LearnerCommandPage::render);
    }

    /** The section's Markdown. */
    static String render(RunLog log) {
        List<Double> then = log.values("then");
        List<Double> now = log.values("now");
        StringBuilder page = new StringBuilder(String.format("""
                ## The learner's command, then and now

                `bench/learner-command.sh`: `lab/run mvn -q -o -pl 04-rc-pingpong exec:java` as a learner runs
                it, the first command of a fresh boot, on an earlier commit, `%s` of %s, and on commit
                `%s`, in boots that alternate between the two, %d of each, on a host of %s CPUs, each
                commit with its own lab. *In the guest* is the command alone, timed inside the guest;
                *lab/run* is the whole `lab/run` on the host, the boot and the power-off included. The ratio
                is the median of each round's now/then, with the rounds' range.

                | | then, `%s` | now, `%s` | now/then |
                | --- | ---: | ---: | --- |
                """, log.fact("then"), log.fact("then date"), log.fact("commit"), now.size(), log.fact("cpus"),
                log.fact("then"), log.fact("commit")));
        page.append(Pages.secondsRow("in the guest", then, now));
        page.append(Pages.secondsRow("lab/run", log.values("whole", "then"), log.values("whole", "now")));
        page.append("""

                To reproduce: `bench/learner-command.sh [COMMIT]` on the host, after `lab/prepare`, with nothing
                else running; it builds the earlier commit apart, under `target/then/`.
                """);
        return page.toString();
    }
}
