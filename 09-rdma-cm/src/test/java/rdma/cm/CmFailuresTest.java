package rdma.cm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import rdma.cm.c.CmEventType;
import rdma.support.PeerGoneException;

/** What an unexpected event means, as the one line a program prints: its name from librdmacm, its status decoded. */
class CmFailuresTest {
    private static CmEvent event(CmEventType type, int status, byte[] privateData) {
        return new CmEvent(type.value(), status, null, null, privateData, 0, 0);
    }

    /** A rejection's reason is the text before the CM's zero padding, as rdma_reject sent it. */
    @Test
    void aRefusalSaysTheServersReason() {
        byte[] padded = Arrays.copyOf("come back later".getBytes(StandardCharsets.US_ASCII), 148);

        assertThat(CmFailures.of(event(CmEventType.RDMA_CM_EVENT_REJECTED, 28, padded), "connecting").getMessage())
                .isEqualTo("connecting: the server refused the connection: \"come back later\" (RDMA_CM_EVENT_REJECTED, reason 28:"
                        + " consumer defined). The server decided so");
    }

    @Test
    void noListenerIsReason8() {
        assertThat(CmFailures.of(event(CmEventType.RDMA_CM_EVENT_REJECTED, 8, new byte[0]), "connecting").getMessage())
                .isEqualTo("connecting: nothing listens there (RDMA_CM_EVENT_REJECTED, reason 8: invalid service ID). Start the"
                        + " server first, on that address and port");
    }

    /** An error event's status is a negative errno, named as strerror names it. */
    @Test
    void anErrorEventNamesItsErrno() {
        assertThat(CmFailures.of(event(CmEventType.RDMA_CM_EVENT_UNREACHABLE, -110, new byte[0]), "connecting").getMessage())
                .startsWith("connecting: the server's connection manager did not answer: Connection timed out (errno 110)"
                        + " (RDMA_CM_EVENT_UNREACHABLE, status -110).");
    }

    /** A disconnect is the peer's doing: a demo whose other side failed prints that side's cause instead. */
    @Test
    void aDisconnectIsThePeerGone() {
        assertThat(CmFailures.of(event(CmEventType.RDMA_CM_EVENT_DISCONNECTED, 0, new byte[0]), "waiting"))
                .isInstanceOf(PeerGoneException.class)
                .hasMessage("waiting: the peer disconnected (RDMA_CM_EVENT_DISCONNECTED). Look at the other side's output");
    }
}
