package rdma.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class RunLogTest {
    private static final RunLog LOG = RunLog.parse(List.of("# bench/x.sh 2026-12-05", "# cpus: 2", "# tool size round value",
            "c 64 2 10.5", "c 64 1 9.5", "java 64 1 4", "c 4096 1 100", "long c 64 1 3", ""));

    @Test
    void theFirstCommentIsTheHeaderAndRunsPairByRound() {
        assertThat(LOG.header()).isEqualTo("bench/x.sh 2026-12-05");
        assertThat(LOG.values("c", "64")).containsExactly(9.5, 10.5);
        assertThat(LOG.values("java", "64")).containsExactly(4.0);
        assertThat(LOG.distinct("c", 1)).containsExactly("64", "4096");
        assertThat(LOG.values("long", "c", "64")).containsExactly(3.0);
    }

    @Test
    void factsAreNamedCommentsAndRunsAreFoundByTheirFirstWords() {
        assertThat(LOG.fact("cpus")).isEqualTo("2");
        assertThatThrownBy(() -> LOG.fact("java")).hasMessageContaining("a line \"# java: ...\"");
        assertThat(LOG.runs("c")).hasSize(3);
        assertThat(LOG.runs("long", "c")).singleElement().extracting(RunLog.Run::value).isEqualTo(3.0);
    }
}
