package rdma.transfer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The control messages on the wire: exact bytes, round trips, and everything a hostile peer could send instead. */
class ControlTest {
    private static final byte[] SHA = HexFormat.of().parseHex("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");

    private static ByteBuffer slot() {
        return ByteBuffer.allocateDirect(Control.MAX_SIZE);
    }

    private static Control roundTrip(Control message) {
        ByteBuffer slot = slot();
        int length = Control.encode(message, slot);
        return Control.decode(slot, length);
    }

    private static Control decode(byte... bytes) {
        ByteBuffer slot = slot();
        slot.put(bytes);
        return Control.decode(slot, bytes.length);
    }

    @Test
    void aFileHeaderIsItsFieldsInNetworkOrder() {
        ByteBuffer slot = slot();
        int length = Control.encode(new Control.FileHeader(0x0102030405L, 1 << 20, "a.bin"), slot);

        byte[] bytes = new byte[length];
        slot.get(0, bytes);
        assertThat(HexFormat.of().formatHex(bytes)).isEqualTo("02" + "0000000102030405" + "00100000" + "0005"
                + HexFormat.of().formatHex("a.bin".getBytes(StandardCharsets.US_ASCII)));
    }

    @Test
    void everyMessageRoundTrips() {
        List<Control> messages = List.of(new Control.Ready(1, 1 << 20, 8), new Control.FileHeader(0, 65536, "empty"),
                new Control.FileHeader(Long.MAX_VALUE, 1, "x".repeat(Control.MAX_NAME_BYTES)), new Control.Accept(),
                new Control.Refuse("data.bin exists"), new Control.Credit(3), new Control.Bye(), new Control.Abort("disk full"));
        for (Control message : messages) {
            assertThat(roundTrip(message)).isEqualTo(message);
        }
        assertThat(((Control.End) roundTrip(new Control.End(SHA))).sha256()).isEqualTo(SHA);
        Control.Verdict verdict = (Control.Verdict) roundTrip(new Control.Verdict(true, SHA));
        assertThat(verdict.matches()).isTrue();
        assertThat(verdict.sha256()).isEqualTo(SHA);
    }

    @Test
    void aCreditGoesBothWaysWithoutAnObject() {
        ByteBuffer slot = slot();
        int length = Control.encodeCredit(slot, 4);
        assertThat(Control.typeOf(slot, length)).isEqualTo(Control.CREDIT);
        assertThat(Control.creditOf(slot, length)).isEqualTo(4);
    }

    @Test
    void aLongReasonIsCutToFitAndNeverInsideACharacter() {
        String reason = "é".repeat(400); // 800 bytes of UTF-8
        Control.Abort back = (Control.Abort) roundTrip(new Control.Abort(reason));
        assertThat(back.reason()).isNotEmpty().matches("é+");
        assertThat(back.reason().getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(Control.MAX_SIZE - 3);
    }

    @Test
    void whatIsNotAMessageIsSaidInOneLine() {
        assertThatThrownBy(() -> decode()).hasMessage("an empty message");
        assertThatThrownBy(() -> decode((byte) 0x42)).hasMessage("a message of an unknown type (0x42)");
        assertThatThrownBy(() -> decode(Control.ACCEPT, (byte) 0)).hasMessage("an ACCEPT of 2 bytes, not 1");
        assertThatThrownBy(() -> decode(Control.CREDIT, (byte) 0, (byte) 0, (byte) 0, (byte) 0)).hasMessage("a CREDIT of 0 slots");
        assertThatThrownBy(() -> decode(Control.END, (byte) 1)).hasMessage("an END of 2 bytes, not 33");
        assertThatThrownBy(() -> decode(Control.FILE, (byte) 0)).hasMessage("a FILE of 2 bytes, shorter than its fields");
        assertThatThrownBy(() -> decode(Control.FILE, (byte) 0, (byte) 0, (byte) 0, (byte) 0, (byte) 0, (byte) 0, (byte) 0,
                (byte) 9, (byte) 0, (byte) 0, (byte) 0, (byte) 1, (byte) 0, (byte) 9, (byte) 'a'))
                .as("a name shorter than its declared length").hasMessage("a FILE of 16 bytes, not 24");
        assertThatThrownBy(() -> decode(Control.FILE, (byte) 0x80, (byte) 0, (byte) 0, (byte) 0, (byte) 0, (byte) 0, (byte) 0,
                (byte) 0, (byte) 0, (byte) 0, (byte) 0, (byte) 1, (byte) 0, (byte) 1, (byte) 'a'))
                .hasMessage("a FILE of size -9223372036854775808 in chunks of 1 bytes");
        assertThatThrownBy(() -> decode(Control.FILE, (byte) 0, (byte) 0, (byte) 0, (byte) 0, (byte) 0, (byte) 0, (byte) 0,
                (byte) 1, (byte) 0, (byte) 0, (byte) 0, (byte) 1, (byte) 0, (byte) 1, (byte) 0xff))
                .hasMessage("a file name that is not UTF-8");
    }
}
