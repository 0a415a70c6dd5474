package rdma.memory;

import org.junit.jupiter.api.Test;
import rdma.memory.c.Access;
import rdma.memory.c.ibv_mr;
import rdma.testsupport.LayoutProbe;

/** This chapter's structure, proven against gcc and the installed rdma-core headers. */
class LayoutTest {
    @Test
    void ibvMrAndTheAccessFlagsMatchTheCHeader() throws Exception {
        new LayoutProbe().structs(ibv_mr.class).constants(Access.class).assertMatchesTheHeaders();
    }
}
