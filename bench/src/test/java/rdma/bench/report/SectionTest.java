package rdma.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SectionTest {
    @Test
    void aSectionIsReplacedWholeAndTheRestKept() {
        String page = "top\n<!-- a: begin -->\nold\nlines\n<!-- a: end -->\nbottom\n";
        assertThat(Section.replace(page, "a", "new")).isEqualTo("top\n<!-- a: begin -->\nnew\n<!-- a: end -->\nbottom\n");
    }

    @Test
    void aNewSectionIsAppended() {
        assertThat(Section.replace("top\n", "b", "body\n")).isEqualTo("top\n\n<!-- b: begin -->\nbody\n<!-- b: end -->\n");
    }
}
