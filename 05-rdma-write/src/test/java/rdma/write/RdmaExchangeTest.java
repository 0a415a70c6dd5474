package rdma.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;
import rdma.pingpong.ExchangeFormat;
import rdma.pingpong.ExchangeMessage;
import rdma.queues.RemoteAddress;

/** The one-sided exchange message: rc_pingpong's address, then the granted buffer. */
class RdmaExchangeTest {
    private static final RdmaExchange FORMAT = new RdmaExchange(endpoint -> null);
    private static final RemoteAddress ADDRESS = new RemoteAddress(0, 0x11, 0x8def0e,
            HexFormat.of().parseHex("00000000000000000000ffffc0000201"));

    @Test
    void itIsTheAddressMessageWithTheBufferAppended() {
        byte[] message = FORMAT.format(new RdmaPeer(ADDRESS, new RemoteBuffer(0x00007f28a40b5000L, 0x313, 4097)));

        assertThat(message).hasSize(RdmaExchange.SIZE).hasSize(95);
        assertThat(new String(message, 0, 94, StandardCharsets.US_ASCII))
                .isEqualTo("0000:000011:8def0e:00000000000000000000ffffc0000201:00007f28a40b5000:00000313:0000000000001001");
        assertThat(new String(message, 0, 51, StandardCharsets.US_ASCII))
                .as("the first 51 characters are rc_pingpong's").isEqualTo(ExchangeMessage.text(ADDRESS));
        assertThat(message[94]).isZero();
    }

    @Test
    void randomPeersRoundTrip() {
        Random random = new Random(5);
        for (int round = 0; round < 2_000; round++) {
            byte[] gid = new byte[16];
            random.nextBytes(gid);
            RdmaPeer peer = new RdmaPeer(new RemoteAddress(random.nextInt(0x10000), random.nextInt(0x1000000),
                    random.nextInt(0x1000000), gid), new RemoteBuffer(random.nextLong(), random.nextInt(), random.nextLong()));
            RdmaPeer back = FORMAT.parse(FORMAT.format(peer));
            assertThat(back.buffer()).isEqualTo(peer.buffer());
            assertThat(back.address().qpn()).isEqualTo(peer.address().qpn());
            assertThat(back.address().gid()).isEqualTo(gid);
        }
    }

    @Test
    void aPingpongMessageIsNotEnough() {
        byte[] tooShort = ExchangeMessage.RC_PINGPONG.format(ADDRESS);
        assertThatThrownBy(() -> FORMAT.parse(tooShort)).isInstanceOf(ExchangeFormat.MalformedMessageException.class)
                .hasMessage("expected 95 bytes, got 52");
        byte[] badBuffer = FORMAT.format(new RdmaPeer(ADDRESS, new RemoteBuffer(1, 2, 3)));
        badBuffer[60] = 'x';
        assertThatThrownBy(() -> FORMAT.parse(badBuffer)).isInstanceOf(ExchangeFormat.MalformedMessageException.class)
                .hasMessageStartingWith("expected LID:QPN:PSN:GID:ADDR:RKEY:LENGTH (4:6:6:32:16:8:16 hex digits) and a NUL, got \"0000:");
    }
}
