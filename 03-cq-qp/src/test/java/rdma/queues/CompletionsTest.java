package rdma.queues;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.jna.Pointer;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import rdma.queues.c.WcFlag;
import rdma.queues.c.WcOpcode;
import rdma.queues.c.WcStatus;
import rdma.queues.c.ibv_wc;
import rdma.support.VerbsException;

/** Reading completions at fixed offsets gives what the JNA structure wrote there. */
class CompletionsTest {
    /** A fake CQ's data path: only polled, never posted to. */
    private abstract static class PollOnlyPath extends DataPath {
        @Override
        public int ibv_post_send(Pointer qp, Pointer wr, Pointer bad_wr) {
            throw new UnsupportedOperationException();
        }

        @Override
        public int ibv_post_recv(Pointer qp, Pointer wr, Pointer bad_wr) {
            throw new UnsupportedOperationException();
        }
    }

    /** Completions polled once from a CQ that holds {@code planted}, as a device would write them. */
    private static Completions polled(ibv_wc... planted) {
        Completions completions = new Completions(new PlantedPath(planted), null, planted.length, "test");
        assertThat(completions.poll()).as("completions polled").isEqualTo(planted.length);
        return completions;
    }

    /** A CQ whose first poll hands out the completions it was given, written as the C structures. */
    private static final class PlantedPath extends PollOnlyPath {
        private final ibv_wc[] planted;

        PlantedPath(ibv_wc... planted) {
            this.planted = planted;
        }

        @Override
        public int ibv_poll_cq(Pointer cq, int num_entries, Pointer wc) {
            int count = Math.min(num_entries, planted.length);
            for (int i = 0; i < count; i++) {
                planted[i].write();
                byte[] bytes = planted[i].getPointer().getByteArray(0, Completions.SIZE);
                wc.write((long) i * Completions.SIZE, bytes, 0, bytes.length);
            }
            return count;
        }

        @Override
        public String route() {
            return "planted";
        }
    }

    @Test
    void everyFieldIsReadAtItsOffset() {
        ibv_wc wc = new ibv_wc();
        wc.wr_id = 0x1122334455667788L;
        wc.status = 13;
        wc.opcode = WcOpcode.IBV_WC_RECV_RDMA_WITH_IMM.value();
        wc.vendor_err = 0x4444;
        wc.byte_len = 4096;
        wc.imm_data = 0x04030201; // in memory: 01 02 03 04 on a little-endian CPU, 0x01020304 in network order
        wc.qp_num = 0x11;
        wc.src_qp = 0x22;
        wc.wc_flags = WcFlag.IBV_WC_WITH_IMM.value();
        wc.pkey_index = 3;
        wc.slid = (short) 0xbeef;
        wc.sl = 5;
        wc.dlid_path_bits = 7;
        Completions completions = polled(new ibv_wc(), new ibv_wc(), wc);

        assertThat(completions.wrId(2)).isEqualTo(0x1122334455667788L);
        assertThat(completions.status(2)).isEqualTo(13);
        assertThat(completions.opcode(2)).isEqualTo(129);
        assertThat(completions.vendorErr(2)).isEqualTo(0x4444);
        assertThat(completions.byteLength(2)).isEqualTo(4096);
        assertThat(completions.immData(2)).as("imm_data is __be32").isEqualTo(
                java.nio.ByteOrder.nativeOrder() == java.nio.ByteOrder.LITTLE_ENDIAN ? 0x01020304 : 0x04030201);
        assertThat(completions.qpNum(2)).isEqualTo(0x11);
        assertThat(completions.srcQp(2)).isEqualTo(0x22);
        assertThat(WcFlag.IBV_WC_WITH_IMM.isIn(completions.wcFlags(2))).isTrue();
        assertThat(completions.pkeyIndex(2)).isEqualTo(3);
        assertThat(completions.slid(2)).isEqualTo(0xbeef);
        assertThat(completions.sl(2)).isEqualTo(5);
        assertThat(completions.dlidPathBits(2)).isEqualTo(7);
        assertThat(completions.wrId(1)).isZero();
    }

    @Test
    void aFailedCompletionIsNamedWithIbvWcStatusStrAndItsHint() {
        ibv_wc wc = new ibv_wc(); // written through the structure, read through the offsets
        wc.wr_id = 7;
        wc.status = WcStatus.IBV_WC_RNR_RETRY_EXC_ERR.value();
        Completions completions = polled(wc);

        VerbsException error = completions.failed(0);
        assertThat(error.getMessage()).isEqualTo("ibv_poll_cq(test): work request 7 completed with RNR retry counter"
                + " exceeded (status 13). The peer had no receive posted (Receiver Not Ready) and rnr_retry ran out:"
                + " post receives before the peer sends, or raise rnr_retry (7 retries forever)");
    }

    /** A CQ whose poll finds one completion at its {@code arrivesAt}-th call, or never (0). */
    private static final class CountingPath extends PollOnlyPath {
        private final long arrivesAt;
        long polls;

        CountingPath(long arrivesAt) {
            this.arrivesAt = arrivesAt;
        }

        @Override
        public int ibv_poll_cq(Pointer cq, int num_entries, Pointer wc) {
            return ++polls == arrivesAt ? 1 : 0;
        }

        @Override
        public String route() {
            return "counting";
        }
    }

    @Test
    void aCompletionAfterManyEmptyPollsIsFound() {
        CountingPath path = new CountingPath(10 * Completions.CLOCK_EVERY_POLLS + 3);
        Completions completions = new Completions(path, null, 1, "test");
        assertThat(completions.awaitAny(TimeUnit.SECONDS.toNanos(10))).isEqualTo(1);
        assertThat(path.polls).isEqualTo(10 * Completions.CLOCK_EVERY_POLLS + 3);
    }

    @Test
    void nothingArrivingEndsTheWaitAfterItsTimeoutAndNotBefore() {
        CountingPath path = new CountingPath(0);
        Completions completions = new Completions(path, null, 1, "test");
        long start = System.nanoTime();
        assertThat(completions.awaitAny(TimeUnit.MILLISECONDS.toNanos(200))).isZero();
        long waited = System.nanoTime() - start;
        assertThat(waited).as("it waited its timeout").isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(200));
        assertThat(waited).as("and gave up soon after").isLessThan(TimeUnit.SECONDS.toNanos(5));
    }

    @Test
    void everyStatusHasAHintOfItsOwn() {
        long distinct = Arrays.stream(WcStatus.values()).map(WcStatus::hint).distinct().count();
        assertThat(distinct).isEqualTo(WcStatus.values().length);
        assertThat(WcStatus.hintFor(99)).contains("man ibv_poll_cq");
    }
}
