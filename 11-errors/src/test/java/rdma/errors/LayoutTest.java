package rdma.errors;

import org.junit.jupiter.api.Test;
import rdma.devices.c.PthreadTypes;
import rdma.errors.c.EventType;
import rdma.errors.c.ibv_async_event;
import rdma.errors.c.ibv_cq;
import rdma.testsupport.LayoutProbe;
import rdma.testsupport.OptionalTool;

/** The asynchronous event, its types and the CQ's structure, proven against gcc and the installed headers. */
class LayoutTest {
    @Test
    void everyStructureAndConstantMatchesTheCHeaders() throws Exception {
        new LayoutProbe().structs(ibv_async_event.class, ibv_cq.class)
                .addMember("struct ibv_async_event", "element", ibv_async_event.element_union.class)
                .constants(EventType.class)
                .assertMatchesTheHeaders();
    }

    /** {@code struct ibv_cq} holds a mutex and a condition variable, whose sizes depend on the platform. */
    @Test
    void theCqMatchesAarch64() throws Exception {
        OptionalTool.require("aarch64-linux-gnu-gcc", "apt-get install gcc-aarch64-linux-gnu libc6-dev-arm64-cross");
        new LayoutProbe().add("struct ibv_cq", () -> {
            ibv_cq cq = new ibv_cq();
            cq.mutex = new long[PthreadTypes.mutexSize("aarch64") / 8];
            cq.cond = new long[PthreadTypes.condSize("aarch64") / 8];
            return cq;
        }).assertMatchesAarch64("aarch64");
    }
}
