package rdma.pingpong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.EOFException;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import rdma.queues.RemoteAddress;
import rdma.support.Closeables;
import rdma.support.PeerGoneException;
import rdma.support.VerbsException;

/** The TCP exchange on loopback, against well-behaved and badly-behaved peers. */
class AddressExchangeTest {
    private static final RemoteAddress CLIENT = new RemoteAddress(0, 0x11, 0x111111,
            HexFormat.of().parseHex("00000000000000000000ffffc0000202"));
    private static final RemoteAddress SERVER = new RemoteAddress(0, 0x22, 0x222222,
            HexFormat.of().parseHex("00000000000000000000ffffc0000201"));

    /** A server that accepts one connection and answers with {@code reply}, then closes. */
    private static int fakeServer(byte[] reply) throws Exception {
        ServerSocket listener = new ServerSocket(0);
        CompletableFuture.runAsync(() -> {
            try (listener; Socket socket = listener.accept()) {
                socket.getInputStream().readNBytes(ExchangeMessage.SIZE);
                OutputStream out = socket.getOutputStream();
                out.write(reply);
                out.flush();
            } catch (Exception ignored) {
                // the test looks at the client's side
            }
        });
        return listener.getLocalPort();
    }

    /** The client's side of one exchange with whatever listens on {@code port}, on a connection of its own. */
    private static RemoteAddress client(String host, int port) {
        return client(host, port, server -> { });
    }

    private static RemoteAddress client(String host, int port, Consumer<RemoteAddress> connector) {
        Socket socket = AddressExchange.connect(host, port);
        try {
            return AddressExchange.client(socket, CLIENT, ExchangeMessage.RC_PINGPONG, connector);
        } finally {
            Closeables.closeQuietly(socket);
        }
    }

    /** The server's side of one exchange, on the next client of {@code listener}. */
    private static CompletableFuture<RemoteAddress> server(ServerSocket listener, Consumer<RemoteAddress> connector) {
        return CompletableFuture.supplyAsync(() -> {
            Socket socket = AddressExchange.accept(listener);
            try {
                return AddressExchange.server(socket, SERVER, ExchangeMessage.RC_PINGPONG, connector);
            } finally {
                Closeables.closeQuietly(socket);
            }
        });
    }

    @Test
    void bothSidesLearnTheOtherAndEachConnectsBeforeItsLastWord() throws Exception {
        CompletableFuture<ServerSocket> listening = new CompletableFuture<>();
        AtomicBoolean serverConnected = new AtomicBoolean();
        AtomicBoolean clientConnected = new AtomicBoolean();
        AtomicBoolean clientConnectedBeforeDone = new AtomicBoolean();
        CompletableFuture<RemoteAddress> server = CompletableFuture.supplyAsync(() -> {
            Socket socket = AddressExchange.open(null, 0, listening::complete);
            try {
                RemoteAddress client = AddressExchange.server(socket, SERVER, ExchangeMessage.RC_PINGPONG, peer -> {
                    assertThat(peer.qpn()).isEqualTo(0x11);
                    serverConnected.set(true);
                });
                clientConnectedBeforeDone.set(clientConnected.get());
                return client;
            } finally {
                Closeables.closeQuietly(socket);
            }
        });
        ServerSocket listener = listening.get(10, TimeUnit.SECONDS);

        RemoteAddress learnedByClient = client("localhost", listener.getLocalPort(), peer -> {
            assertThat(serverConnected).as("the server moved to RTR/RTS before replying").isTrue();
            assertThat(peer.qpn()).isEqualTo(0x22);
            clientConnected.set(true);
        });

        assertThat(learnedByClient.qpn()).isEqualTo(0x22);
        assertThat(learnedByClient.psn()).isEqualTo(0x222222);
        assertThat(server.get(10, TimeUnit.SECONDS).gid()).isEqualTo(CLIENT.gid());
        // The server may send as soon as its exchange returns: the client's QP must be able to receive by then.
        assertThat(clientConnectedBeforeDone).as("the client moved to RTR/RTS before saying done").isTrue();
        assertThat(listener.isClosed()).as("the server stops listening after one client").isTrue();
    }

    @Test
    void aServerThatClosesAtOnceIsNamed() throws Exception {
        int port = fakeServer(new byte[0]);
        assertThatThrownBy(() -> client("localhost", port))
                .isInstanceOf(VerbsException.class)
                .hasMessage("exchanging addresses with localhost:" + port + ": localhost:" + port + " closed the connection"
                        + " during the address exchange after 0 of 52 bytes. Is the server still running?");
    }

    @Test
    void aTruncatedMessageSaysHowFarItGot() throws Exception {
        int port = fakeServer("0000:000012:4f16b0".getBytes());
        assertThatThrownBy(() -> client("localhost", port))
                .isInstanceOf(VerbsException.class)
                .hasMessageContaining("after 18 of 52 bytes");
    }

    @Test
    void aMalformedMessageIsOneLine() throws Exception {
        byte[] garbage = new byte[ExchangeMessage.SIZE];
        System.arraycopy("SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n".getBytes(), 0, garbage, 0, 32);
        int port = fakeServer(garbage);
        assertThatThrownBy(() -> client("localhost", port))
                .isInstanceOf(VerbsException.class)
                .hasMessageStartingWith("reading the address of localhost:" + port + ": malformed exchange message:"
                        + " expected LID:QPN:PSN:GID (4:6:6:32 hex digits) and a NUL, got \"SSH-2.0-OpenSSH_9.2p1 Debian-2\\x0d\\x0a")
                .satisfies(error -> assertThat(error.getMessage()).doesNotContain("\n"));
    }

    @Test
    void nobodyListeningIsNamedWithTheFix() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        int closedPort = port;
        assertThatThrownBy(() -> client("localhost", closedPort))
                .isInstanceOf(VerbsException.class)
                .hasMessageStartingWith("connecting to localhost:" + closedPort + ": nothing is listening there")
                .hasMessageEndingWith("Start the server first (the same command without a host, on the other side) and check the host and -p/--port");
    }

    @Test
    void anUnknownHostIsNamed() {
        assertThatThrownBy(() -> client("no-such-host.invalid", 18515))
                .isInstanceOf(VerbsException.class)
                .hasMessage("connecting to no-such-host.invalid:18515: unknown host no-such-host.invalid. Check the server's name or address");
    }

    @Test
    void theServerNamesAClientThatSendsGarbageOrLeaves() throws Exception {
        ServerSocket listener = AddressExchange.listen(0);
        CompletableFuture<RemoteAddress> server = server(listener, client -> { });
        try (Socket client = new Socket("localhost", listener.getLocalPort())) {
            client.getOutputStream().write("hello".getBytes());
        }
        assertThatThrownBy(() -> server.get(10, TimeUnit.SECONDS))
                .hasCauseInstanceOf(VerbsException.class)
                .cause().hasMessageContaining("closed the connection during the address exchange after 5 of 52 bytes");
    }

    @Test
    void aPortInUseIsNamedAndLeavesNoSocketOpen() throws Exception {
        // The JDK makes a socket of its own the first time it closes one, and keeps it: close one
        // first, so that it is counted on both sides of the comparison whatever ran before.
        new ServerSocket(0).close();
        try (ServerSocket taken = new ServerSocket(0)) {
            long socketsBefore = openSockets();
            assertThatThrownBy(() -> AddressExchange.listen(taken.getLocalPort()))
                    .isInstanceOf(VerbsException.class)
                    .hasMessageStartingWith("listening on port " + taken.getLocalPort() + ": ")
                    .hasMessageEndingWith("pick another with -p/--port on both sides")
                    .hasCauseInstanceOf(java.net.BindException.class);
            assertThat(openSockets()).as("sockets this process has open").isEqualTo(socketsBefore);
        }
    }

    @Test
    void aFailedExchangeSaysWhetherThePeerWasSilentGoneOrCutOff() {
        String doing = "exchanging addresses with peer:1";
        assertThat(AddressExchange.failed(doing, new SocketTimeoutException("Read timed out"), "silent?", "gone?", "broken?"))
                .isInstanceOf(VerbsException.class)
                .isNotInstanceOf(PeerGoneException.class)
                .hasMessage(doing + ": it sent nothing for 15 s. silent?");
        assertThat(AddressExchange.failed(doing, new EOFException("peer:1 closed the connection"), "silent?", "gone?", "broken?"))
                .isInstanceOf(PeerGoneException.class)
                .hasMessage(doing + ": peer:1 closed the connection. gone?");
        assertThat(AddressExchange.failed(doing, new SocketException("Connection reset"), "silent?", "gone?", "broken?"))
                .isInstanceOf(VerbsException.class)
                .isNotInstanceOf(PeerGoneException.class)
                .hasMessage(doing + ": Connection reset. broken?");
    }

    /** This process's open sockets, from its file descriptors. */
    private static long openSockets() throws Exception {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.filter(fd -> {
                try {
                    return Files.readSymbolicLink(fd).toString().startsWith("socket:");
                } catch (Exception closedMeanwhile) {
                    return false;
                }
            }).count();
        }
    }
}
