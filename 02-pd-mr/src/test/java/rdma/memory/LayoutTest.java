package rdma.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import rdma.testsupport.LayoutProbe;

/** This chapter's structure, proven against gcc and the installed rdma-core headers. */
class LayoutTest {
    @Test
    void ibvMrAndTheAccessFlagsMatchTheCHeader() throws Exception {
        LayoutProbe probe = new LayoutProbe().add("struct ibv_mr", ibv_mr.class).constants(Access.class);

        assertThat(probe.mismatches(Path.of("target", "layout-probe"))).isEmpty();
    }
}
