package rdma.transfer.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import rdma.support.VerbsException;

/**
 * The receiver's door on the loopback interface, which needs no RDMA device: every address of
 * 127.0.0.0/8 is this machine's on Linux, so 127.0.0.2 is another address of it than 127.0.0.1.
 */
class AdmissionTest {
    private static final InetAddress FIRST = Cidr.literal("127.0.0.1");
    private static final InetAddress SECOND = Cidr.literal("127.0.0.2");

    /** A connection to {@code to} on the listener's port, from {@code from}. */
    private static Socket connect(InetAddress from, InetAddress to, int port) throws Exception {
        Socket socket = new Socket();
        socket.bind(new InetSocketAddress(from, 0));
        socket.connect(new InetSocketAddress(to, port), 5_000);
        return socket;
    }

    @Test
    void aPeerOutsideTheListIsClosedAtOnceAndNamedInOneLine() throws Exception {
        Admission admission = new Admission(null, List.of(Cidr.parse("10.0.0.0/8"), Cidr.parse("127.0.0.2")));
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        try (ServerSocket listener = admission.listen(0);
             Socket outsider = connect(FIRST, FIRST, listener.getLocalPort())) {
            CompletableFuture<Socket> admitted = CompletableFuture.supplyAsync(
                    () -> admission.accept(listener, new PrintStream(log, true, StandardCharsets.UTF_8)));
            outsider.setSoTimeout(10_000);
            assertThat(outsider.getInputStream().read()).as("the outsider's connection, closed unanswered").isEqualTo(-1);
            try (Socket insider = connect(SECOND, FIRST, listener.getLocalPort());
                 Socket accepted = admitted.get(10, TimeUnit.SECONDS)) {
                assertThat(accepted.getInetAddress()).isEqualTo(SECOND);
            }
        }
        assertThat(log.toString(StandardCharsets.UTF_8))
                .isEqualTo("receiver: refused a sender from 127.0.0.1: not in --allow 10.0.0.0/8, 127.0.0.2" + System.lineSeparator());
    }

    @Test
    void aBoundReceiverCannotBeReachedOnAnotherAddress() throws Exception {
        Admission admission = new Admission(SECOND, List.of());
        try (ServerSocket listener = admission.listen(0)) {
            assertThatThrownBy(() -> connect(FIRST, FIRST, listener.getLocalPort()).close()).isInstanceOf(ConnectException.class);
            CompletableFuture<Socket> admitted = CompletableFuture.supplyAsync(() -> admission.accept(listener, System.out));
            try (Socket peer = connect(FIRST, SECOND, listener.getLocalPort()); Socket accepted = admitted.get(10, TimeUnit.SECONDS)) {
                assertThat(accepted.getLocalAddress()).isEqualTo(SECOND);
            }
        }
    }

    @Test
    void anAddressOfAnotherMachineCannotBeBound() {
        Admission admission = new Admission(Cidr.literal("192.0.2.123"), List.of());
        assertThatThrownBy(() -> admission.listen(0)).isInstanceOf(VerbsException.class)
                .hasMessageContaining("listening on 192.0.2.123 port 0")
                .hasMessageContaining("--bind takes an address of this machine");
    }

    @Test
    void theStartUpLineSaysWhoMaySend() {
        assertThat(new Admission(null, List.of()).describe())
                .isEqualTo("receiver: open on every address of this machine to anyone who reaches the port (--bind and --allow narrow that)");
        assertThat(new Admission(SECOND, List.of(Cidr.parse("192.0.2.0/24"))).describe())
                .isEqualTo("receiver: open on 127.0.0.2 only to senders from 192.0.2.0/24 only");
    }
}
