package rdma.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The section rendered from a recorded log: each commit's median, and the rounds' own ratios with their range. */
class LearnerCommandPageTest {
    @Test
    void eachRoundSetBesideTheEarlierCommitsRunOfTheSameRound() {
        List<String> lines = List.of("# bench/learner-command.sh: the learner's command", "# date: 2026-12-07", "# cpus: 2",
                "# commit: 1a2b3c4", "# then: 4723338", "# then date: 2026-12-04",
                "then 1 28", "whole then 1 40", "now 1 14", "whole now 1 30",
                "then 2 20", "whole then 2 30", "now 2 15", "whole now 2 27",
                "then 3 24", "whole then 3 36", "now 3 12", "whole now 3 24");

        String page = LearnerCommandPage.render(RunLog.parse(lines));

        // In the guest: medians 24 and 14; rounds 0.50, 0.75 and 0.50. Whole: 36 and 27; 0.75, 0.90, 0.67.
        assertThat(page).startsWith("## The learner's command, then and now\n")
                .contains("on an earlier commit, `4723338` of 2026-12-04, and on commit\n`1a2b3c4`")
                .contains("3 of each, on a host of 2 CPUs")
                .contains("| | then, `4723338` | now, `1a2b3c4` | now/then |\n")
                .contains("| in the guest | 24.0 s | 14.0 s | 0.50x (0.50x to 0.75x) |\n")
                .contains("| lab/run | 36.0 s | 27.0 s | 0.75x (0.67x to 0.90x) |\n")
                .endsWith("under `target/then/`.\n");
    }
}
