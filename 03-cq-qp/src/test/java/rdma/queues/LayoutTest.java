package rdma.queues;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import rdma.devices.PthreadTypes;
import rdma.testsupport.LayoutProbe;

/**
 * This chapter's structures and enums, proven against gcc and the installed rdma-core headers,
 * including every member of the unions in {@code ibv_send_wr} that the work requests write.
 * (The {@code ibv_context.ops} offsets the data path reads are proven in chapter 01.)
 */
class LayoutTest {
    private static final Path PROBE_DIRECTORY = Path.of("target", "layout-probe");

    @Test
    void everyStructureAndConstantMatchesTheCHeaders() throws Exception {
        LayoutProbe probe = new LayoutProbe()
                .add("struct ibv_qp_cap", ibv_qp_cap.class)
                .add("struct ibv_qp_init_attr", ibv_qp_init_attr.class)
                .add("struct ibv_global_route", ibv_global_route.class)
                .add("struct ibv_ah_attr", ibv_ah_attr.class)
                .add("struct ibv_qp_attr", ibv_qp_attr.class)
                .add("struct ibv_qp", ibv_qp.class)
                .add("struct ibv_sge", ibv_sge.class)
                .add("struct ibv_recv_wr", ibv_recv_wr.class)
                .add("struct ibv_send_wr", ibv_send_wr.class)
                .addMember("struct ibv_send_wr", "wr", ibv_send_wr.wr_union.class)
                .addMember("struct ibv_send_wr", "wr.rdma", ibv_send_wr.rdma_struct.class)
                .addMember("struct ibv_send_wr", "wr.atomic", ibv_send_wr.atomic_struct.class)
                .addMember("struct ibv_send_wr", "wr.ud", ibv_send_wr.ud_struct.class)
                .addMember("struct ibv_send_wr", "qp_type", ibv_send_wr.qp_type_union.class)
                .addMember("struct ibv_send_wr", "qp_type.xrc", ibv_send_wr.xrc_struct.class)
                .addMember("struct ibv_send_wr", "bind_mw", ibv_send_wr.bind_mw_struct.class)
                .add("struct ibv_mw_bind_info", ibv_send_wr.ibv_mw_bind_info.class)
                .add("struct ibv_wc", ibv_wc.class)
                .constants(QpState.class)
                .constants(QpAttrMask.class)
                .constants(WrOpcode.class)
                .constants(SendFlag.class)
                .constants(WcOpcode.class)
                .constants(WcStatus.class)
                .constants(WcFlag.class);

        assertThat(probe.mismatches(PROBE_DIRECTORY)).isEmpty();
    }

    /** {@code struct ibv_qp} embeds a mutex and a condition variable: laid out as on aarch64, checked by its compiler. */
    @Test
    void theQpMatchesAarch64() throws Exception {
        LayoutProbe probe = new LayoutProbe().add("struct ibv_qp", () -> {
            ibv_qp qp = new ibv_qp();
            qp.mutex = new long[PthreadTypes.mutexSize("aarch64") / 8];
            qp.cond = new long[PthreadTypes.condSize("aarch64") / 8];
            return qp;
        });

        assertThat(probe.crossMismatches(PROBE_DIRECTORY.resolve("aarch64"), "aarch64-linux-gnu-gcc", "aarch64-linux-gnu-nm"))
                .isEmpty();
    }
}
