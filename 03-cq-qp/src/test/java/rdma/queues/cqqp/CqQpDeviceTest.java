package rdma.queues.cqqp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import rdma.devices.DeviceList;
import rdma.queues.c.WcStatus;
import rdma.support.Cli;
import rdma.testsupport.ProgramRun;
import rdma.testsupport.RequiresDevice;

/** Two RC QPs, connected and exchanging a SEND, on a real device; and the two deliberate failures. */
@RequiresDevice
class CqQpDeviceTest {
    @Test
    void theQpsWalkToRtsAndTheMessageArrivesIntact() {
        ProgramRun run = ProgramRun.of(CqQpMain::run);

        run.assertSucceeded();
        assertThat(run.stdout())
                .contains("ibv_create_qp: both QPs start in RESET")
                .contains("ibv_modify_qp(QP A, INIT) mask STATE|ACCESS_FLAGS|PKEY_INDEX|PORT -> ibv_query_qp: INIT")
                .contains("ibv_modify_qp(QP B, INIT) mask STATE|ACCESS_FLAGS|PKEY_INDEX|PORT -> ibv_query_qp: INIT")
                .contains("ibv_modify_qp(QP A, RTR) mask STATE|AV|PATH_MTU|RQ_PSN|MIN_RNR_TIMER|MAX_DEST_RD_ATOMIC|DEST_QPN -> ibv_query_qp: RTR")
                .contains("ibv_modify_qp(QP B, RTR) mask STATE|AV|PATH_MTU|RQ_PSN|MIN_RNR_TIMER|MAX_DEST_RD_ATOMIC|DEST_QPN -> ibv_query_qp: RTR")
                .contains("ibv_modify_qp(QP A, RTS) mask STATE|TIMEOUT|RETRY_CNT|RNR_RETRY|MAX_QP_RD_ATOMIC|SQ_PSN -> ibv_query_qp: RTS")
                .contains("ibv_modify_qp(QP B, RTS) mask STATE|TIMEOUT|RETRY_CNT|RNR_RETRY|MAX_QP_RD_ATOMIC|SQ_PSN -> ibv_query_qp: RTS")
                .containsPattern("ibv_poll_cq\\(QP A\\): wr_id 1, status success \\(0\\), opcode SEND \\(0\\)")
                .containsPattern("ibv_poll_cq\\(QP B\\): wr_id 2, status success \\(0\\), opcode RECV \\(128\\), byte_len \\d+")
                .containsPattern("payload: \"Hello from QP A on \\S+\" arrived intact");
        String labIndex = System.getenv("RDMA_LAB_GID_INDEX");
        if (labIndex != null) {
            assertThat(run.stdout()).contains("QP A: rxe0 port 1, LID 0x0000, GID[" + labIndex + "] ::ffff:192.0.2.1")
                    .contains("QP B: rxe1 port 1, LID 0x0000, GID[" + labIndex + "] ::ffff:192.0.2.2");
        }
    }

    @Test
    void bothQpsOnOneDeviceTalkThroughLoopback() {
        String first;
        try (DeviceList list = DeviceList.open()) {
            first = list.first().name();
        }

        ProgramRun run = ProgramRun.of(CqQpMain::run, "-d", first, "--peer-dev", first);

        run.assertSucceeded();
        assertThat(run.stdout()).contains("QP A: " + first + " port 1", "QP B: " + first + " port 1", "arrived intact");
    }

    @Test
    void aSendBeforeRtsIsRefused() {
        ProgramRun run = ProgramRun.of(CqQpMain::run, "--fail", "send-before-rts");

        assertThat(run.exitCode()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(run.stdout()).contains("ibv_post_send(QP A) while it is in RTR, on purpose:")
                .doesNotContain("QP A, RTS");
        assertThat(run.stderr()).hasLineCount(1)
                .startsWith("03-cq-qp: ibv_post_send(QP A) failed: ")
                .contains("The QP is in RTR: a QP can post sends only in RTS");
    }

    @Test
    void aSendWithNoReceivePostedAndNoRnrRetryFails() {
        ProgramRun run = ProgramRun.of(CqQpMain::run, "--fail", "rnr");

        assertThat(run.exitCode()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(run.stdout()).doesNotContain("ibv_post_recv")
                .contains("ibv_poll_cq(QP A): wr_id 1, status RNR retry counter exceeded (13)");
        assertThat(run.stderr()).hasLineCount(1)
                .isEqualTo("03-cq-qp: ibv_poll_cq(QP A): work request 1 completed with RNR retry counter exceeded"
                        + " (status 13). " + WcStatus.IBV_WC_RNR_RETRY_EXC_ERR.hint() + "\n");
    }

    @Test
    void aGidIndexOutOfTheTableIsOneLine() {
        ProgramRun run = ProgramRun.of(CqQpMain::run, "-g", "100000");

        assertThat(run.exitCode()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(run.stdout()).isEmpty();
        assertThat(run.stderr()).hasLineCount(1).contains("-g/--gid-idx 100000", "out of range",
                "Pass one of the used entries: ");
    }

    @Test
    void anEmptyGidEntryIsRefusedBeforeAnyQpExists() {
        ProgramRun run = ProgramRun.of(CqQpMain::run, "-g", "99");

        assertThat(run.exitCode()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(run.stdout()).isEmpty();
        assertThat(run.stderr()).hasLineCount(1)
                .containsPattern("-g/--gid-idx 99: GID index 99 of \\S+ port 1 is empty. Pass one of the used entries: 0 \\(");
    }
}
