package rdma.write.perftest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;
import rdma.pingpong.ExchangeFormat;
import rdma.queues.RemoteAddress;
import rdma.write.RdmaExchange;
import rdma.write.RdmaPeer;
import rdma.write.RemoteBuffer;

/** perftest's key message: its fixed-width hex fields, each with its colon, and the NUL. */
class PerftestKeysTest {
    private static final PerftestKeys FORMAT = new PerftestKeys(new RdmaExchange(endpoint -> null), 64);
    private static final RemoteAddress ADDRESS = new RemoteAddress(0, 0x11, 0x8def0e,
            HexFormat.of().parseHex("00000000000000000000ffffc0000201"));

    @Test
    void itIsPerftestsTextWithOneFieldPerValueAndTheGidBytePerByte() {
        byte[] message = FORMAT.format(new RdmaPeer(ADDRESS, new RemoteBuffer(0x00007f28a40b5000L, 0x80000313, 65)));

        assertThat(message).hasSize(PerftestKeys.SIZE).hasSize(108);
        assertThat(new String(message, 0, 107, StandardCharsets.US_ASCII)).isEqualTo("0000:0001:000011:8def0e:80000313:00007f28a40b5000:"
                + "00:00:00:00:00:00:00:00:00:00:ff:ff:c0:00:02:01:00000000:");
        assertThat(message[107]).isZero();
    }

    /** The buffer's length is not in perftest's message: a latency test's peer holds one message. */
    @Test
    void whatArrivesIsTheAddressAndTheKeyOfOneMessage() {
        RdmaPeer peer = FORMAT.parse(FORMAT.format(new RdmaPeer(ADDRESS, new RemoteBuffer(0x00007f28a40b5000L, 0x313, 65))));

        assertThat(peer.buffer()).isEqualTo(new RemoteBuffer(0x00007f28a40b5000L, 0x313, 64));
        assertThat(peer.address().lid()).isZero();
        assertThat(peer.address().qpn()).isEqualTo(0x11);
        assertThat(peer.address().psn()).isEqualTo(0x8def0e);
        assertThat(peer.address().gid()).isEqualTo(ADDRESS.gid());
    }

    @Test
    void randomPeersRoundTrip() {
        Random random = new Random(6);
        for (int round = 0; round < 2_000; round++) {
            byte[] gid = new byte[16];
            random.nextBytes(gid);
            RemoteAddress address = new RemoteAddress(random.nextInt(0x10000), random.nextInt(0x1000000), random.nextInt(0x1000000), gid);
            RdmaPeer peer = new RdmaPeer(address, new RemoteBuffer(random.nextLong(), random.nextInt(), 64));
            RdmaPeer back = FORMAT.parse(FORMAT.format(peer));
            assertThat(back.buffer()).isEqualTo(peer.buffer());
            assertThat(back.address().lid()).isEqualTo(address.lid());
            assertThat(back.address().qpn()).isEqualTo(address.qpn());
            assertThat(back.address().psn()).isEqualTo(address.psn());
            assertThat(back.address().gid()).isEqualTo(gid);
        }
    }

    /** Chapter 05's own message, or perftest's without a GID (InfiniBand without -x), is not this one. */
    @Test
    void anythingElseIsMalformedAndShownOnOneLine() {
        byte[] ours = new RdmaExchange(endpoint -> null).format(new RdmaPeer(ADDRESS, new RemoteBuffer(1, 2, 3)));
        byte[] padded = Arrays.copyOf(ours, PerftestKeys.SIZE);
        assertThatThrownBy(() -> FORMAT.parse(padded)).isInstanceOf(ExchangeFormat.MalformedMessageException.class);

        byte[] withoutGid = Arrays.copyOf("0000:0001:000011:8def0e:00000313:00007f28a40b5000:00000000".getBytes(StandardCharsets.US_ASCII),
                PerftestKeys.SIZE);
        assertThatThrownBy(() -> FORMAT.parse(withoutGid)).isInstanceOf(ExchangeFormat.MalformedMessageException.class)
                .hasMessageStartingWith("expected LID:OUT_READS:QPN:PSN:RKEY:VADDR:16 GID bytes:SRQN:")
                .hasMessageContaining("0000:0001:000011:8def0e:00000313:00007f28a40b5000:00000000\\x00").hasMessageNotContaining("\n");
    }
}
