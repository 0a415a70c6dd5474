package rdma.queues;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import rdma.devices.c.Mtu;
import rdma.memory.c.Access;
import rdma.queues.c.QpAttrMask;
import rdma.queues.c.QpState;
import rdma.queues.c.WcOpcode;
import rdma.support.CEnum;

/** The attributes and masks of each step from RESET to RTS, and how they are named. */
class TransitionsTest {
    private static final RemoteAddress ROCE_PEER = new RemoteAddress(0, 0x12, 0xabcdef,
            HexFormat.of().parseHex("00000000000000000000ffffc0000202"));

    @Test
    void masksAreNamedInBitOrderWithUnknownBitsInHex() {
        assertThat(QpAttrMask.describe(QpTransitions.toInit(1, 0).mask())).isEqualTo("STATE|ACCESS_FLAGS|PKEY_INDEX|PORT");
        assertThat(QpAttrMask.describe(QpAttrMask.IBV_QP_STATE.value() | (1 << 30))).isEqualTo("STATE|0x40000000");
    }

    @Test
    void initGrantsTheRemoteAccessItIsGiven() {
        int access = CEnum.bits(Access.IBV_ACCESS_LOCAL_WRITE, Access.IBV_ACCESS_REMOTE_WRITE);
        QpTransitions.Transition init = QpTransitions.toInit(2, access);
        assertThat(init.attr().qp_access_flags).isEqualTo(access);
        assertThat(init.attr().port_num).isEqualTo((byte) 2);
        assertThat(init.why()).contains("remote access LOCAL_WRITE|REMOTE_WRITE");
        assertThat(QpTransitions.toInit(1, 0).why()).contains("remote access none (SEND needs none)");
    }

    @Test
    void rtrNamesThePeerAndRtsOurselves() {
        QpTransitions.Transition rtr = QpTransitions.toRtr(1, Mtu.IBV_MTU_1024, 1, 0, ROCE_PEER);
        assertThat(QpAttrMask.describe(rtr.mask())).isEqualTo("STATE|AV|PATH_MTU|RQ_PSN|MIN_RNR_TIMER|MAX_DEST_RD_ATOMIC|DEST_QPN");
        assertThat(rtr.attr().ah_attr.is_global).isEqualTo((byte) 1);
        assertThat(rtr.attr().ah_attr.grh.sgid_index).isEqualTo((byte) 1);
        assertThat(rtr.attr().dest_qp_num).isEqualTo(0x12);
        assertThat(rtr.attr().rq_psn).isEqualTo(0xabcdef);
        assertThat(rtr.attr().path_mtu).isEqualTo(3);
        assertThat(rtr.attr().max_dest_rd_atomic).as("rc_pingpong's").isEqualTo((byte) 1);
        assertThat(rtr.why()).contains("GID ::ffff:192.0.2.2", "QP 0x000012", "path MTU 1024");

        QpTransitions.Transition rts = QpTransitions.toRts(0x123456, 0);
        assertThat(QpAttrMask.describe(rts.mask())).isEqualTo("STATE|TIMEOUT|RETRY_CNT|RNR_RETRY|MAX_QP_RD_ATOMIC|SQ_PSN");
        assertThat(rts.attr().rnr_retry).isZero();
        assertThat(rts.attr().sq_psn).isEqualTo(0x123456);
        assertThat(rts.attr().max_rd_atomic).as("rc_pingpong's").isEqualTo((byte) 1);
    }

    @Test
    void onInfinibandThereIsNoGlobalRoute() {
        RemoteAddress peer = new RemoteAddress(0x17, 0x12, 1, new byte[16]);
        QpTransitions.Transition rtr = QpTransitions.toRtr(1, Mtu.IBV_MTU_4096, -1, 0, peer);
        assertThat(rtr.attr().ah_attr.is_global).isZero();
        assertThat(rtr.attr().ah_attr.dlid).isEqualTo((short) 0x17);
        assertThat(rtr.why()).contains("LID 0x0017");
    }

    @Test
    void statesAndOpcodesAreNamedAsToolsPrintThem() {
        assertThat(QpState.name(3)).isEqualTo("RTS");
        assertThat(QpState.name(9)).isEqualTo("state 9");
        assertThat(WcOpcode.describe(128)).isEqualTo("RECV (128)");
        assertThat(WcOpcode.describe(129)).isEqualTo("RECV_RDMA_WITH_IMM (129)");
        assertThat(WcOpcode.describe(77)).isEqualTo("77");
    }
}
