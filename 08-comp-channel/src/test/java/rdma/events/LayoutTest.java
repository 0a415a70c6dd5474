package rdma.events;

import org.junit.jupiter.api.Test;
import rdma.events.c.ibv_comp_channel;
import rdma.testsupport.LayoutProbe;

/** The completion channel's structure, proven against gcc and the installed headers. */
class LayoutTest {
    @Test
    void everyStructureAndConstantMatchesTheCHeaders() throws Exception {
        new LayoutProbe().structs(ibv_comp_channel.class).assertMatchesTheHeaders();
    }
}
