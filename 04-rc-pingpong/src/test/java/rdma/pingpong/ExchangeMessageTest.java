package rdma.pingpong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;
import rdma.queues.RemoteAddress;

/** The 52-byte address message, byte for byte as rc_pingpong.c writes and reads it. */
class ExchangeMessageTest {
    private static final byte[] LAB_GID = HexFormat.of().parseHex("00000000000000000000ffffc0000201");

    private static byte[] bytes(String text) {
        byte[] message = new byte[ExchangeMessage.SIZE];
        byte[] ascii = text.getBytes(StandardCharsets.ISO_8859_1);
        System.arraycopy(ascii, 0, message, 0, Math.min(ascii.length, message.length));
        return message;
    }

    @Test
    void formatIsSprintfOf04x06x06xAndTheGidHex() {
        byte[] message = ExchangeMessage.RC_PINGPONG.format(new RemoteAddress(0, 0x12, 0x4f16b0, LAB_GID));
        assertThat(message).hasSize(52);
        assertThat(new String(message, 0, 51, StandardCharsets.US_ASCII))
                .isEqualTo("0000:000012:4f16b0:00000000000000000000ffffc0000201");
        assertThat(message[51]).isZero();
    }

    @Test
    void parseReadsWhatTheCToolSends() {
        RemoteAddress address = ExchangeMessage.RC_PINGPONG.parse(bytes("001a:000013:05C10F:fe800000000000000202c9fffe0a0b0c"));
        assertThat(address.lid()).isEqualTo(0x1a);
        assertThat(address.qpn()).isEqualTo(0x13);
        assertThat(address.psn()).isEqualTo(0x05c10f);
        assertThat(HexFormat.of().formatHex(address.gid())).isEqualTo("fe800000000000000202c9fffe0a0b0c");
    }

    @Test
    void malformedMessagesAreRefusedWithWhatArrived() {
        assertThatThrownBy(() -> ExchangeMessage.RC_PINGPONG.parse(bytes("0000-000012:4f16b0:00000000000000000000ffffc0000201")))
                .isInstanceOf(ExchangeFormat.MalformedMessageException.class)
                .hasMessage("expected LID:QPN:PSN:GID (4:6:6:32 hex digits) and a NUL, got"
                        + " \"0000-000012:4f16b0:00000000000000000000ffffc0000201\"");
        assertThatThrownBy(() -> ExchangeMessage.RC_PINGPONG.parse(bytes("GET / HTTP/1.1\r\nHost: x\r\n")))
                .isInstanceOf(ExchangeFormat.MalformedMessageException.class)
                .hasMessageContaining("GET / HTTP/1.1\\x0d\\x0aHost");
        byte[] noNul = bytes("0000:000012:4f16b0:00000000000000000000ffffc0000201");
        noNul[51] = 'x';
        assertThatThrownBy(() -> ExchangeMessage.RC_PINGPONG.parse(noNul)).isInstanceOf(ExchangeFormat.MalformedMessageException.class)
                .hasMessageStartingWith("expected a NUL at the end of 52 bytes, got \"0000:000012:");
        assertThatThrownBy(() -> ExchangeMessage.RC_PINGPONG.parse(new byte[20]))
                .isInstanceOf(ExchangeFormat.MalformedMessageException.class).hasMessage("expected 52 bytes, got 20");
    }

    @Test
    void fuzzedMessagesAreEitherAddressesOrMalformedNeverAnythingElse() {
        Random random = new Random(20261129);
        byte[] valid = ExchangeMessage.RC_PINGPONG.format(new RemoteAddress(7, 0x123456, 0xabcdef, LAB_GID));
        int parsed = 0;
        for (int round = 0; round < 20_000; round++) {
            byte[] message = round % 2 == 0 ? new byte[ExchangeMessage.SIZE] : valid.clone();
            if (round % 2 == 0) {
                random.nextBytes(message);
            } else {
                for (int flips = 1 + random.nextInt(3); flips > 0; flips--) {
                    message[random.nextInt(message.length)] = (byte) random.nextInt(256);
                }
            }
            try {
                RemoteAddress address = ExchangeMessage.RC_PINGPONG.parse(message);
                assertThat(ExchangeMessage.RC_PINGPONG.format(address)).as("a parsed message formats back").isEqualTo(
                        lowerCaseHex(message));
                parsed++;
            } catch (ExchangeFormat.MalformedMessageException expected) {
                assertThat(expected.getMessage()).doesNotContain("\n");
            }
        }
        assertThat(parsed).as("some single-byte changes keep the format valid").isPositive();
    }

    private static byte[] lowerCaseHex(byte[] message) {
        return new String(message, StandardCharsets.ISO_8859_1).toLowerCase().getBytes(StandardCharsets.ISO_8859_1);
    }

    @Test
    void randomAddressesRoundTrip() {
        Random random = new Random(4791);
        for (int round = 0; round < 5_000; round++) {
            byte[] gid = new byte[16];
            random.nextBytes(gid);
            RemoteAddress address = new RemoteAddress(random.nextInt(0x10000), random.nextInt(0x1000000),
                    random.nextInt(0x1000000), gid);
            RemoteAddress back = ExchangeMessage.RC_PINGPONG.parse(ExchangeMessage.RC_PINGPONG.format(address));
            assertThat(back.lid()).isEqualTo(address.lid());
            assertThat(back.qpn()).isEqualTo(address.qpn());
            assertThat(back.psn()).isEqualTo(address.psn());
            assertThat(Arrays.equals(back.gid(), gid)).isTrue();
        }
    }
}
