package rdma.srq;

import org.junit.jupiter.api.Test;
import rdma.srq.c.SrqAttrMask;
import rdma.srq.c.ibv_srq_attr;
import rdma.srq.c.ibv_srq_init_attr;
import rdma.testsupport.LayoutProbe;

/** The SRQ's structures and its attribute mask, proven against gcc and the installed headers. */
class LayoutTest {
    @Test
    void everyStructureAndConstantMatchesTheCHeaders() throws Exception {
        new LayoutProbe().structs(ibv_srq_attr.class, ibv_srq_init_attr.class)
                .constants(SrqAttrMask.class)
                .assertMatchesTheHeaders();
    }
}
