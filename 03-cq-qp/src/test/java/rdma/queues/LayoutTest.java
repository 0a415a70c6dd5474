package rdma.queues;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import rdma.testsupport.LayoutProbe;

/**
 * This chapter's structures and constants, proven against gcc and the installed rdma-core
 * headers, including the offsets of the function pointers in {@code ibv_context.ops} that the
 * data path calls and the members of the unions in {@code ibv_send_wr}.
 */
class LayoutTest {
    @Test
    void everyStructureAndConstantMatchesTheCHeaders() throws Exception {
        LayoutProbe probe = new LayoutProbe()
                .add("struct ibv_context", ibv_context.class)
                .add("struct ibv_context_ops", ibv_context_ops.class)
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
                .constant("IBV_QPT_RC", QueuePair.IBV_QPT_RC)
                .constant("IBV_WR_SEND", SendRequest.IBV_WR_SEND)
                .constant("IBV_SEND_SIGNALED", SendRequest.IBV_SEND_SIGNALED)
                .constant("IBV_SEND_INLINE", SendRequest.IBV_SEND_INLINE)
                .constant("IBV_WC_SUCCESS", Completions.IBV_WC_SUCCESS)
                .constant("IBV_WC_RNR_RETRY_EXC_ERR", Completions.IBV_WC_RNR_RETRY_EXC_ERR)
                .constant("IBV_WC_SEND", Completions.IBV_WC_SEND)
                .constant("IBV_WC_RECV", Completions.IBV_WC_RECV)
                .constant("IBV_QP_STATE", QpAttrMask.IBV_QP_STATE)
                .constant("IBV_QP_ACCESS_FLAGS", QpAttrMask.IBV_QP_ACCESS_FLAGS)
                .constant("IBV_QP_PKEY_INDEX", QpAttrMask.IBV_QP_PKEY_INDEX)
                .constant("IBV_QP_PORT", QpAttrMask.IBV_QP_PORT)
                .constant("IBV_QP_AV", QpAttrMask.IBV_QP_AV)
                .constant("IBV_QP_PATH_MTU", QpAttrMask.IBV_QP_PATH_MTU)
                .constant("IBV_QP_TIMEOUT", QpAttrMask.IBV_QP_TIMEOUT)
                .constant("IBV_QP_RETRY_CNT", QpAttrMask.IBV_QP_RETRY_CNT)
                .constant("IBV_QP_RNR_RETRY", QpAttrMask.IBV_QP_RNR_RETRY)
                .constant("IBV_QP_RQ_PSN", QpAttrMask.IBV_QP_RQ_PSN)
                .constant("IBV_QP_MAX_QP_RD_ATOMIC", QpAttrMask.IBV_QP_MAX_QP_RD_ATOMIC)
                .constant("IBV_QP_MIN_RNR_TIMER", QpAttrMask.IBV_QP_MIN_RNR_TIMER)
                .constant("IBV_QP_SQ_PSN", QpAttrMask.IBV_QP_SQ_PSN)
                .constant("IBV_QP_MAX_DEST_RD_ATOMIC", QpAttrMask.IBV_QP_MAX_DEST_RD_ATOMIC)
                .constant("IBV_QP_CAP", QpAttrMask.IBV_QP_CAP)
                .constant("IBV_QP_DEST_QPN", QpAttrMask.IBV_QP_DEST_QPN);
        for (QpState state : QpState.values()) {
            probe.constant("IBV_QPS_" + state.name(), state.value());
        }

        assertThat(probe.mismatches(Path.of("target", "layout-probe"))).isEmpty();
    }
}
