package rdma.errors;

import org.junit.jupiter.api.Test;
import rdma.errors.c.EventType;
import rdma.errors.c.ibv_async_event;
import rdma.testsupport.LayoutProbe;

/** The asynchronous event and its types, proven against gcc and the installed headers. */
class LayoutTest {
    @Test
    void everyStructureAndConstantMatchesTheCHeaders() throws Exception {
        new LayoutProbe().structs(ibv_async_event.class)
                .addMember("struct ibv_async_event", "element", ibv_async_event.element_union.class)
                .constants(EventType.class)
                .assertMatchesTheHeaders();
    }
}
