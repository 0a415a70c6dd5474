package rdma.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import rdma.devices.DeviceList;
import rdma.memory.MemoryRegion;
import rdma.pingpong.Connection;
import rdma.pingpong.waiting.Waiting;
import rdma.queues.c.WrOpcode;
import rdma.queues.requests.SendRequest;
import rdma.testsupport.FreePorts;
import rdma.testsupport.RequiresDevice;
import rdma.write.RdmaPeer;
import rdma.write.session.PeerWatch;

/**
 * A server of one sender after another, against senders that break the protocol on purpose:
 * each one's connection ends with one line that says what arrived, nothing is left in the
 * directory, nothing is written outside it, and the next, honest sender is served.
 */
@RequiresDevice
class HostileSenderDeviceTest {
    private static final PrintStream NOWHERE = new PrintStream(OutputStream.nullOutputStream());

    @TempDir
    Path root;
    private Path directory;
    private DeviceList devices;
    private TransferOptions options;
    private final ByteArrayOutputStream serverErrors = new ByteArrayOutputStream();
    private CompletableFuture<ServerSocket> listener;
    private CompletableFuture<Integer> server;

    @BeforeEach
    void startTheServer() throws Exception {
        directory = Files.createDirectory(root.resolve("in"));
        devices = DeviceList.open();
        options = new TransferOptions(FreePorts.next());
        options.dir = directory;
        options.chunk = 64 << 10;
        options.depth = 4;
        options.maxSize = 1 << 20;
        listener = new CompletableFuture<>();
        PrintStream errors = new PrintStream(serverErrors, true, StandardCharsets.UTF_8);
        FileServer fileServer = new FileServer(options, Waiting.POLL, "07-file-transfer");
        server = CompletableFuture.supplyAsync(() -> fileServer.run(devices.first(), NOWHERE, errors, TransferListener.NONE,
                listener::complete));
        listener.get(30, TimeUnit.SECONDS);
    }

    @AfterEach
    void stopTheServer() throws Exception {
        listener.get().close();
        server.get(30, TimeUnit.SECONDS);
        devices.close();
    }

    /** The server's error lines so far, once it has written {@code count} of them. */
    private List<String> serverErrors(int count) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (serverErrors.toString(StandardCharsets.UTF_8).lines().count() < count && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        return serverErrors.toString(StandardCharsets.UTF_8).lines().toList();
    }

    private String[] entries(Path where) throws Exception {
        try (Stream<Path> files = Files.list(where)) {
            return files.map(file -> file.getFileName().toString()).sorted().toArray(String[]::new);
        }
    }

    /** After the hostile ones, an honest sender still gets its file through. */
    private void anHonestSenderIsServed() throws Exception {
        Path file = Files.writeString(root.resolve("honest.txt"), "all is well");
        new FileClient(options, Waiting.POLL).send(devices.first(), "localhost", List.of(file), NOWHERE, TransferListener.NONE);
        assertThat(entries(directory)).containsExactly("honest.txt");
        assertThat(Files.readString(directory.resolve("honest.txt"))).isEqualTo("all is well");
    }

    /**
     * A sender that speaks the protocol only as far as a test wants it to: the library's link,
     * and for bytes no encoder would write, a SEND of its own from a region of its own.
     */
    private final class HostileSender implements AutoCloseable {
        private final Connection<RdmaPeer> connection;
        private final TransferLink link;
        private final PeerWatch<RdmaPeer> watch;
        private final RdmaPeer receiver;
        private final MemoryRegion raw;

        HostileSender() {
            connection = Connection.prepare(devices.first(), TransferPlan.of(options, Waiting.POLL, false), NOWHERE);
            link = TransferPlan.link(connection, options, false);
            raw = connection.endpoint().register(Control.MAX_SIZE, 0);
            watch = PeerWatch.exchange(connection, "localhost", ignored -> { });
            link.connected(watch);
            receiver = watch.peer();
            assertThat(nextMessage()).isInstanceOf(Control.Ready.class);
        }

        Control nextMessage() {
            while (true) {
                if (link.next("the receiver") == TransferLink.MESSAGE) {
                    return link.message();
                }
            }
        }

        HostileSender send(Control message) {
            link.send(message);
            return this;
        }

        /** {@code bytes} as they are, however malformed, in an unsignaled SEND: its completion never reaches the link. */
        HostileSender sendRaw(byte... bytes) {
            raw.buffer().write(0, bytes, 0, bytes.length);
            new SendRequest(connection.endpoint().qp(), 1, "hostile sender").opcode(WrOpcode.IBV_WR_SEND).sendFlags(0)
                    .sge(0, raw, 0, bytes.length).post();
            return this;
        }

        /** One chunk of {@code bytes}, numbered {@code imm}, into the receiver's slot 0. */
        HostileSender writeChunk(int imm, byte[] bytes) {
            ByteBuffer slot = link.chunk(0);
            slot.put(bytes);
            link.writeChunk(0, bytes.length, receiver.buffer().address(), receiver.buffer().rkey(), imm);
            return this;
        }

        @Override
        public void close() {
            watch.close();
            connection.close();
        }
    }

    @Test
    void namesThatAreNotPlainAreRefusedAndNothingIsWrittenOutsideTheDirectory() throws Exception {
        List<String> names = List.of("../escaped.txt", "/tmp/absolute.txt", "", "..", "nul\0byte", "x".repeat(300), "bell\u0007");
        for (String name : names) {
            try (HostileSender sender = new HostileSender()) {
                Control answer = sender.send(new Control.FileHeader(5, 1024, name)).nextMessage();
                assertThat(answer).as(name).isInstanceOf(Control.Refuse.class);
                assertThat(((Control.Refuse) answer).reason()).as(name).contains("is refused");
            }
        }

        assertThat(serverErrors(names.size())).hasSize(names.size())
                .allMatch(line -> line.startsWith("07-file-transfer: receiver: a FILE: refused: the file name \""));
        assertThat(entries(directory)).isEmpty();
        assertThat(entries(root)).containsExactly("in");
        assertThat(Path.of("/tmp/absolute.txt")).doesNotExist();
        anHonestSenderIsServed();
    }

    @Test
    void aSizeAboveTheLimitIsRefusedBeforeAnyDataMoves() throws Exception {
        try (HostileSender sender = new HostileSender()) {
            Control answer = sender.send(new Control.FileHeader(2 << 20, 1024, "big.bin")).nextMessage();
            assertThat(((Control.Refuse) answer).reason()).isEqualTo("big.bin is 2097152 bytes, more than the receiver's"
                    + " --max-size of 1048576");
        }
        assertThat(entries(directory)).isEmpty();
        anHonestSenderIsServed();
    }

    @Test
    void malformedAndOutOfOrderMessagesEndTheirConnection() throws Exception {
        try (HostileSender sender = new HostileSender()) {
            assertThat(sender.sendRaw((byte) 0x42).nextMessage()).isInstanceOf(Control.Abort.class);
        }
        try (HostileSender sender = new HostileSender()) {
            assertThat(sender.sendRaw(Control.FILE, (byte) 0).nextMessage()).isInstanceOf(Control.Abort.class);
        }
        try (HostileSender sender = new HostileSender()) {
            assertThat(sender.send(new Control.End(new byte[32])).nextMessage()).isInstanceOf(Control.Abort.class);
        }
        try (HostileSender sender = new HostileSender()) {
            assertThat(sender.send(new Control.Credit(1)).nextMessage()).isInstanceOf(Control.Abort.class);
        }
        try (HostileSender sender = new HostileSender()) {
            assertThat(sender.writeChunk(0, new byte[10]).nextMessage()).isInstanceOf(Control.Abort.class);
        }

        assertThat(serverErrors(5)).containsExactly(
                "07-file-transfer: receiver: the file transfer protocol: a malformed control message arrived: a message of an"
                        + " unknown type (0x42). Is the peer 07-file-transfer, of the same version?",
                "07-file-transfer: receiver: the file transfer protocol: a malformed control message arrived: a FILE of 2"
                        + " bytes, shorter than its fields. Is the peer 07-file-transfer, of the same version?",
                "07-file-transfer: receiver: the file transfer protocol: expected a FILE or a BYE, got an END. Is the peer"
                        + " 07-file-transfer, of the same version? This connection ends",
                "07-file-transfer: receiver: the file transfer protocol: expected a FILE or a BYE, got a CREDIT, which only a"
                        + " receiver sends. Is the peer 07-file-transfer, of the same version? This connection ends",
                "07-file-transfer: receiver: the file transfer protocol: expected a FILE or a BYE, got a chunk (RDMA WRITE WITH"
                        + " IMMEDIATE 0). Is the peer 07-file-transfer, of the same version? This connection ends");
        assertThat(entries(directory)).isEmpty();
        anHonestSenderIsServed();
    }

    @Test
    void aChunkOutOfSequenceEndsTheFileAndDeletesIt() throws Exception {
        try (HostileSender sender = new HostileSender()) {
            assertThat(sender.send(new Control.FileHeader(2048, 1024, "skips.bin")).nextMessage()).isInstanceOf(Control.Accept.class);
            assertThat(sender.writeChunk(1, new byte[1024]).nextMessage()).isInstanceOf(Control.Abort.class);
        }
        assertThat(serverErrors(1)).containsExactly("07-file-transfer: receiver: the file transfer protocol: chunk 1 arrived"
                + " where chunk 0 was due. Is the peer 07-file-transfer, of the same version? This connection ends");
        assertThat(entries(directory)).isEmpty();
        anHonestSenderIsServed();
    }

    @Test
    void aWrongChecksumDeletesWhatArrived() throws Exception {
        try (HostileSender sender = new HostileSender()) {
            sender.send(new Control.FileHeader(1000, 1024, "lies.bin"));
            assertThat(sender.nextMessage()).isInstanceOf(Control.Accept.class);
            Control verdict = sender.writeChunk(0, new byte[1000]).send(new Control.End(new byte[32])).nextMessage();
            assertThat(((Control.Verdict) verdict).matches()).isFalse();
        }
        assertThat(serverErrors(1)).singleElement().asString().startsWith("07-file-transfer: receiver: lies.bin: its SHA-256"
                + " here is 541b3e9daa09b20bf85fa273e5cbd3e80185aa4ec298e765db87742b70138a53, the sender's 0000");
        assertThat(entries(directory)).isEmpty();
        anHonestSenderIsServed();
    }

    @Test
    void aSenderThatVanishesMidFileIsNoticedAndLeavesNothing() throws Exception {
        try (HostileSender sender = new HostileSender()) {
            sender.send(new Control.FileHeader(1 << 20, 1024, "half.bin"));
            assertThat(sender.nextMessage()).isInstanceOf(Control.Accept.class);
            sender.writeChunk(0, new byte[1024]);
        } // gone: its QP destroyed, its TCP connection closed, without a BYE
        long vanished = System.nanoTime();

        assertThat(serverErrors(1)).containsExactly("07-file-transfer: receiver: waiting for the sender's chunks: the peer"
                + " closed its connection: it failed or was stopped. Look at the other side's output");
        assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - vanished)).as("seconds until noticed").isLessThan(5);
        assertThat(entries(directory)).isEmpty();
        anHonestSenderIsServed();
    }
}
