package rdma.write.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The kept TCP connection tells an orderly end from a peer that just went away, on loopback. */
class PeerWatchTest {
    private static final long SECONDS_5 = TimeUnit.SECONDS.toNanos(5);

    /** Two watches on the two ends of one loopback connection. */
    static PeerWatch<?>[] pair() throws Exception {
        try (ServerSocket listener = new ServerSocket(0)) {
            Socket client = new Socket("localhost", listener.getLocalPort());
            Socket server = listener.accept();
            return new PeerWatch<?>[] {new PeerWatch<>(client, "server's message", null), new PeerWatch<>(server, "client's message", null)};
        }
    }

    @Test
    void aPeerThatSaysItFinishedIsToldApartFromOneThatLeft() throws Exception {
        PeerWatch<?>[] finished = pair();
        finished[0].sayFinished();
        finished[0].close();
        finished[1].awaitPeerGone(SECONDS_5);
        assertThat(finished[1].peerGone()).isTrue();
        assertThat(finished[1].peerFinished()).isTrue();
        finished[1].close();

        PeerWatch<?>[] left = pair();
        left[0].close();
        left[1].awaitPeerGone(SECONDS_5);
        assertThat(left[1].peerGone()).isTrue();
        assertThat(left[1].peerFinished()).isFalse();
        left[1].close();
    }

    @Test
    void aLivePeerIsNotGone() throws Exception {
        PeerWatch<?>[] live = pair();
        live[1].awaitPeerGone(TimeUnit.MILLISECONDS.toNanos(200));
        assertThat(live[1].peerGone()).isFalse();
        live[0].close();
        live[1].close();
    }
}
