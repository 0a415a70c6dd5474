package rdma.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The section rendered from a recorded log: each step by its name, its seconds and its share of the whole. */
class CiPageTest {
    @Test
    void eachStepWithItsShareOfTheWhole() {
        List<String> lines = List.of("# bench/ci.sh: .ci/run on a fresh clone", "# date: 2026-12-06", "# cpus: 2",
                "# commit: 0ba0bd2", "# step 1: installing packages", "step 1 30",
                "# step 2: the appendix: the whole reactor built with JDK 25", "step 2 270", "# step 3: transcripts", "step 3 900", "total 1200");

        String page = CiPage.render(RunLog.parse(lines));

        assertThat(page).startsWith("## CI itself\n")
                .contains("on 2026-12-06: `.ci/run`, what CI runs, on a fresh clone of commit `0ba0bd2`, on a\nhost of 2 CPUs")
                .contains("The whole run took 20.0\nminutes; each step:")
                .contains("| installing packages | 30 | 3% |\n| the appendix: the whole reactor built with JDK 25 | 270 | 23% |\n")
                .endsWith("it takes as long as CI).\n");
    }

    @Test
    void eachStepBesideItsTimeInAnEarlierRun() {
        RunLog earlier = RunLog.parse(List.of("# bench/ci.sh", "# date: 2026-12-01", "# cpus: 2", "# commit: f540e93", "# step 1: installing packages",
                "step 1 2", "# step 2: transcripts", "step 2 1150", "total 1152"));
        RunLog now = RunLog.parse(List.of("# bench/ci.sh", "# date: 2026-12-06", "# cpus: 2", "# commit: 0ba0bd2", "# step 1: installing packages",
                "step 1 3", "# step 2: device tests", "step 2 500", "# step 3: transcripts", "step 3 997", "total 1500"));

        String page = CiPage.render(now, earlier);

        assertThat(page).contains("The whole run took 25.0\nminutes; each step, beside its seconds in the run of commit `f540e93` on 2026-12-01, which took 19.2 minutes:\n\n")
                .contains("| step | seconds | share | `f540e93` |\n| --- | ---: | ---: | ---: |\n")
                .contains("| installing packages | 3 | 0% | 2 |\n| device tests | 500 | 33% | - |\n| transcripts | 997 | 66% | 1150 |\n")
                .endsWith("it takes as long as CI).\n");
    }

    @Test
    void aLogWhoseStepsLeaveTimeOutIsRefused() {
        List<String> lines = List.of("# date: 2026-12-06", "# cpus: 2", "# commit: d3be9c5", "# step 1: installing packages",
                "step 1 2", "# step 2: transcripts", "step 2 1121", "total 2174");

        assertThatThrownBy(() -> CiPage.render(RunLog.parse(lines))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the log's 2 steps add up to 1123 s of the run's 2174 s");
    }
}
