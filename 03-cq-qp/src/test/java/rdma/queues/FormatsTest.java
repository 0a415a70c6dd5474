package rdma.queues;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FormatsTest {
    @Test
    void masksAreNamedInBitOrder() {
        assertThat(QpAttrMask.describe(QpTransitions.toInit(1, 0).mask())).isEqualTo("STATE|ACCESS_FLAGS|PKEY_INDEX|PORT");
        assertThat(QpAttrMask.describe(QpAttrMask.IBV_QP_STATE | (1 << 30))).isEqualTo("STATE|0x40000000");
    }

    @Test
    void theTransitionsSetWhatIbvRcPingpongSets() {
        RemoteAddress peer = new RemoteAddress(0, 0x12, 0xabcdef, java.util.HexFormat.of().parseHex("00000000000000000000ffffc0000202"));
        QpTransitions.Transition rtr = QpTransitions.toRtr(1, 3, 1, peer);
        assertThat(QpAttrMask.describe(rtr.mask())).isEqualTo("STATE|AV|PATH_MTU|RQ_PSN|MIN_RNR_TIMER|MAX_DEST_RD_ATOMIC|DEST_QPN");
        assertThat(rtr.attr().ah_attr.is_global).isEqualTo((byte) 1);
        assertThat(rtr.attr().ah_attr.grh.sgid_index).isEqualTo((byte) 1);
        assertThat(rtr.attr().dest_qp_num).isEqualTo(0x12);
        assertThat(rtr.attr().rq_psn).isEqualTo(0xabcdef);
        assertThat(rtr.why()).contains("GID ::ffff:192.0.2.2", "QP 0x000012", "path MTU 1024");

        QpTransitions.Transition rts = QpTransitions.toRts(0x123456, 0);
        assertThat(QpAttrMask.describe(rts.mask())).isEqualTo("STATE|TIMEOUT|RETRY_CNT|RNR_RETRY|MAX_QP_RD_ATOMIC|SQ_PSN");
        assertThat(rts.attr().rnr_retry).isZero();
        assertThat(rts.attr().timeout).isEqualTo((byte) 14);
    }

    @Test
    void onInfinibandThereIsNoGlobalRoute() {
        RemoteAddress peer = new RemoteAddress(0x17, 0x12, 1, new byte[16]);
        QpTransitions.Transition rtr = QpTransitions.toRtr(1, 5, -1, peer);
        assertThat(rtr.attr().ah_attr.is_global).isZero();
        assertThat(rtr.attr().ah_attr.dlid).isEqualTo((short) 0x17);
        assertThat(rtr.why()).contains("LID 0x0017");
    }

    @Test
    void statesAreNamed() {
        assertThat(QpState.name(0)).isEqualTo("RESET");
        assertThat(QpState.name(3)).isEqualTo("RTS");
        assertThat(QpState.name(9)).isEqualTo("unknown state 9");
        assertThat(CqQpMain.opcodeName(128)).isEqualTo("RECV (128)");
    }
}
