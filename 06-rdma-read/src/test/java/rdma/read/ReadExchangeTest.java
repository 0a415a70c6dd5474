package rdma.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import rdma.pingpong.ExchangeFormat;
import rdma.queues.RemoteAddress;
import rdma.write.RdmaExchange;
import rdma.write.RdmaPeer;
import rdma.write.RemoteBuffer;

/** Chapter 06's exchange message: chapter 05's, then the READs the sender serves at once. */
class ReadExchangeTest {
    private static final ReadExchange FORMAT = new ReadExchange(endpoint -> null, null);
    private static final RemoteAddress ADDRESS = new RemoteAddress(0, 0x11, 0x8def0e,
            HexFormat.of().parseHex("00000000000000000000ffffc0000201"));
    private static final RemoteBuffer BUFFER = new RemoteBuffer(0x00007f28a40b5000L, 0x313, 65536);

    @Test
    void itIsChapter05sMessageWithTheReadsAppended() {
        byte[] message = FORMAT.format(new ReadPeer(ADDRESS, BUFFER, 128));

        assertThat(message).hasSize(ReadExchange.SIZE).hasSize(98);
        assertThat(new String(message, 0, 97, StandardCharsets.US_ASCII))
                .isEqualTo(RdmaExchange.text(new RdmaPeer(ADDRESS, BUFFER)) + ":80");
        assertThat(message[97]).isZero();
    }

    @Test
    void theReadsRoundTrip() {
        for (int reads : new int[] {1, 16, 128, 255}) {
            ReadPeer back = FORMAT.parse(FORMAT.format(new ReadPeer(ADDRESS, BUFFER, reads)));
            assertThat(back.readsServed()).isEqualTo(reads);
            assertThat(back.buffer()).isEqualTo(BUFFER);
            assertThat(back.address().psn()).isEqualTo(0x8def0e);
        }
    }

    @Test
    void aWriteMessageOrAGarbledOneIsRefusedOnOneLine() {
        byte[] chapter05 = new RdmaExchange(endpoint -> null).format(new RdmaPeer(ADDRESS, BUFFER));
        assertThatThrownBy(() -> FORMAT.parse(chapter05)).isInstanceOf(ExchangeFormat.MalformedMessageException.class)
                .hasMessage("expected 98 bytes, got 95");
        byte[] garbled = FORMAT.format(new ReadPeer(ADDRESS, BUFFER, 16));
        garbled[96] = 'g';
        assertThatThrownBy(() -> FORMAT.parse(garbled)).isInstanceOf(ExchangeFormat.MalformedMessageException.class)
                .hasMessageStartingWith("expected LID:QPN:PSN:GID:ADDR:RKEY:LENGTH:READS (4:6:6:32:16:8:16:2 hex digits)"
                        + " and a NUL, got \"0000:000011:")
                .hasMessageNotContaining("\n");
        byte[] badAddress = FORMAT.format(new ReadPeer(ADDRESS, BUFFER, 16));
        badAddress[2] = '-';
        assertThatThrownBy(() -> FORMAT.parse(badAddress)).hasMessageStartingWith("expected LID:QPN:PSN:GID:ADDR:RKEY:LENGTH:READS");
    }

    @Test
    void theDescriptionNamesTheQpAttribute() {
        assertThat(FORMAT.describe(new ReadPeer(ADDRESS, RemoteBuffer.NONE, 16))).extracting(ExchangeFormat.Line::text)
                .containsExactly("LID 0x0000, QPN 0x000011, PSN 0x8def0e, GID ::ffff:192.0.2.1", "none (no remote access granted)",
                        "serves 16 RDMA READs at once (max_dest_rd_atomic)");
    }
}
