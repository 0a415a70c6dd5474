package rdma.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The section rendered from a recorded log: each step by its name, its seconds and its share of the whole. */
class CiPageTest {
    @Test
    void eachStepWithItsShareOfTheWhole() {
        List<String> lines = List.of("# bench/ci.sh: .ci/run on a fresh clone", "# date: 2026-12-06", "# cpus: 2",
                "# commit: 0ba0bd2", "# step 1: installing packages", "step 1 30",
                "# step 2: the appendix: the whole reactor built with JDK 25", "step 2 270", "total 1200");

        String page = CiPage.render(RunLog.parse(lines));

        assertThat(page).startsWith("## CI itself\n")
                .contains("on 2026-12-06: `.ci/run`, what CI runs, on a fresh clone of commit `0ba0bd2`, on a\nhost of 2 CPUs")
                .contains("The whole run took 20.0\nminutes; each step:")
                .contains("| installing packages | 30 | 3% |\n| the appendix: the whole reactor built with JDK 25 | 270 | 23% |\n")
                .endsWith("it takes as long as CI).\n");
    }
}
