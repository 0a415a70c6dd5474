package rdma.queues;

import org.junit.jupiter.api.Test;
import rdma.devices.c.PthreadTypes;
import rdma.queues.c.QpAttrMask;
import rdma.queues.c.QpState;
import rdma.queues.c.SendFlag;
import rdma.queues.c.WcFlag;
import rdma.queues.c.WcOpcode;
import rdma.queues.c.WcStatus;
import rdma.queues.c.WrOpcode;
import rdma.queues.c.ibv_ah_attr;
import rdma.queues.c.ibv_global_route;
import rdma.queues.c.ibv_qp;
import rdma.queues.c.ibv_qp_attr;
import rdma.queues.c.ibv_qp_cap;
import rdma.queues.c.ibv_qp_init_attr;
import rdma.queues.c.ibv_recv_wr;
import rdma.queues.c.ibv_send_wr;
import rdma.queues.c.ibv_sge;
import rdma.queues.c.ibv_wc;
import rdma.testsupport.LayoutProbe;

/**
 * This chapter's structures and enums, proven against gcc and the installed rdma-core headers,
 * including every member of the unions in {@code ibv_send_wr} that the work requests write.
 * (The {@code ibv_context.ops} offsets the data path reads are proven in chapter 01.)
 */
class LayoutTest {
    @Test
    void everyStructureAndConstantMatchesTheCHeaders() throws Exception {
        new LayoutProbe()
                .structs(ibv_qp_cap.class, ibv_qp_init_attr.class, ibv_global_route.class, ibv_ah_attr.class, ibv_qp_attr.class,
                        ibv_qp.class, ibv_sge.class, ibv_recv_wr.class, ibv_send_wr.class, ibv_wc.class)
                .addMember("struct ibv_send_wr", "wr", ibv_send_wr.wr_union.class)
                .addMember("struct ibv_send_wr", "wr.rdma", ibv_send_wr.rdma_struct.class)
                .addMember("struct ibv_send_wr", "wr.atomic", ibv_send_wr.atomic_struct.class)
                .addMember("struct ibv_send_wr", "wr.ud", ibv_send_wr.ud_struct.class)
                .addMember("struct ibv_send_wr", "qp_type", ibv_send_wr.qp_type_union.class)
                .addMember("struct ibv_send_wr", "qp_type.xrc", ibv_send_wr.xrc_struct.class)
                .addMember("struct ibv_send_wr", "bind_mw", ibv_send_wr.bind_mw_struct.class)
                .add("struct ibv_mw_bind_info", ibv_send_wr.ibv_mw_bind_info.class)
                .constants(QpState.class).constants(QpAttrMask.class).constants(WrOpcode.class).constants(SendFlag.class)
                .constants(WcOpcode.class).constants(WcStatus.class).constants(WcFlag.class)
                .assertMatchesTheHeaders();
    }

    /** {@code struct ibv_qp} embeds a mutex and a condition variable: laid out as on aarch64, checked by its compiler. */
    @Test
    void theQpMatchesAarch64() throws Exception {
        new LayoutProbe().add("struct ibv_qp", () -> {
            ibv_qp qp = new ibv_qp();
            qp.mutex = new long[PthreadTypes.mutexSize("aarch64") / 8];
            qp.cond = new long[PthreadTypes.condSize("aarch64") / 8];
            return qp;
        }).assertMatchesAarch64("aarch64");
    }
}
