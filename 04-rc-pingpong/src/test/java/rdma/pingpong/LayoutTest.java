package rdma.pingpong;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import rdma.testsupport.LayoutProbe;

/** This chapter's constants, proven against the installed rdma-core headers (its structures are chapter 03's). */
class LayoutTest {
    @Test
    void theConstantsMatchTheCHeaders() throws Exception {
        LayoutProbe probe = new LayoutProbe()
                .constant("IBV_MTU_1024", MtuOption.toEnum(1024))
                .constant("IBV_MTU_4096", MtuOption.toEnum(4096));

        assertThat(probe.mismatches(Path.of("target", "layout-probe"))).isEmpty();
    }
}
