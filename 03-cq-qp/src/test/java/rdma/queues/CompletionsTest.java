package rdma.queues;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import rdma.devices.VerbsException;

/** Reading completions at fixed offsets gives what the JNA structure wrote there. */
class CompletionsTest {
    @Test
    void fixedOffsetReadsAgreeWithTheStructure() {
        Completions completions = new Completions(3);
        ibv_wc wc = new ibv_wc();
        wc.wr_id = 0x1122334455667788L;
        wc.status = 13;
        wc.opcode = Completions.IBV_WC_RECV;
        wc.byte_len = 4096;
        wc.qp_num = 0x11;
        byte[] bytes = wc.getPointer().getByteArray(0, wc.size());
        wc.write();
        completions.array().write(2L * ibv_wc.sizeOf(), wc.getPointer().getByteArray(0, wc.size()), 0, bytes.length);

        assertThat(completions.wrId(2)).isEqualTo(0x1122334455667788L);
        assertThat(completions.status(2)).isEqualTo(13);
        assertThat(completions.opcode(2)).isEqualTo(128);
        assertThat(completions.byteLength(2)).isEqualTo(4096);
        assertThat(completions.qpNum(2)).isEqualTo(0x11);
        assertThat(completions.wrId(1)).isZero();
    }

    @Test
    void aFailedCompletionIsNamedWithIbvWcStatusStr() {
        Completions completions = new Completions(1);
        completions.array().setLong(Completions.WR_ID, 7);
        completions.array().setInt(Completions.STATUS, Completions.IBV_WC_RNR_RETRY_EXC_ERR);

        assertThatThrownBy(() -> completions.requireSuccess(0))
                .isInstanceOf(VerbsException.class)
                .hasMessage("ibv_poll_cq(test): work request 7 completed with RNR retry counter exceeded (status 13)."
                        + " The peer had no receive posted (Receiver Not Ready) and rnr_retry ran out: post receives"
                        + " before the peer sends, or raise rnr_retry (7 retries forever)");
    }

    @Test
    void everyStatusHasAHint() {
        for (int status = 1; status <= 21; status++) {
            assertThat(Completions.hintFor(status)).isNotBlank();
        }
        assertThat(Completions.hintFor(12)).contains("peer is gone");
    }
}
