package rdma.transfer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.OutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import rdma.devices.DeviceList;
import rdma.pingpong.AddressExchange;
import rdma.pingpong.Connection;
import rdma.pingpong.waiting.Waiting;
import rdma.support.Closeables;
import rdma.testsupport.FreePorts;
import rdma.testsupport.RequiresDevice;
import rdma.write.RdmaPeer;
import rdma.write.session.PeerWatch;

/**
 * The sender against a receiver scripted step by step, one chunk of one file through a ring of
 * two slots: the sender's END waits until every slot is credited back, and credits beyond the
 * ring end the connection.
 */
@RequiresDevice
class HostileReceiverDeviceTest {
    private static final PrintStream NOWHERE = new PrintStream(OutputStream.nullOutputStream());
    private static final byte[] CONTENT = "one chunk, and the ring has room for two".getBytes();

    @TempDir
    Path root;
    private DeviceList devices;
    private TransferOptions options;
    private ServerSocket listener;
    private CompletableFuture<List<FileResult>> sender;

    @BeforeEach
    void startTheSender() throws Exception {
        devices = DeviceList.open();
        options = new TransferOptions(FreePorts.next());
        options.chunk = 1024;
        options.depth = 2;
        listener = AddressExchange.listen(options.connection.port);
        Path file = Files.write(root.resolve("one.bin"), CONTENT);
        sender = CompletableFuture.supplyAsync(() -> new FileClient(options, Waiting.POLL)
                .send(devices.first(), "localhost", List.of(file), NOWHERE, TransferListener.NONE));
    }

    @AfterEach
    void closeEverything() throws Exception {
        Closeables.closeQuietly(listener);
        try {
            sender.get(30, TimeUnit.SECONDS);
        } catch (ExecutionException ignored) {
            // what a test expects of the sender, it checked
        }
        devices.close();
    }

    /** The scripted receiver, once it has READY, FILE, ACCEPT and the file's only chunk behind it. */
    private interface AfterTheChunk {
        void play(TransferLink link, PeerWatch<RdmaPeer> watch) throws Exception;
    }

    private void receiveTheChunkThen(AfterTheChunk script) throws Exception {
        try (Connection<RdmaPeer> connection = Connection.prepare(devices.first(), TransferPlan.of(options, Waiting.POLL, true),
                NOWHERE)) {
            TransferLink link = TransferPlan.link(connection, options, true);
            RdmaPeer mine = connection.announce();
            try (PeerWatch<RdmaPeer> watch = PeerWatch.exchange(connection, AddressExchange.accept(listener), true, mine)) {
                link.connected(watch);
                link.send(new Control.Ready(Control.VERSION, options.chunkSize(), options.depth));
                assertThat(nextMessage(link)).isInstanceOf(Control.FileHeader.class);
                link.send(new Control.Accept());
                assertThat(link.next("the chunk")).isEqualTo(TransferLink.DATA_ARRIVED);
                assertThat(link.imm()).isZero();
                script.play(link, watch);
            }
        }
    }

    private static Control nextMessage(TransferLink link) {
        assertThat(link.next("a message")).isEqualTo(TransferLink.MESSAGE);
        return link.message();
    }

    @Test
    void theEndWaitsUntilEverySlotIsCreditedBack() throws Exception {
        receiveTheChunkThen((link, watch) -> {
            link.patience(TimeUnit.SECONDS.toNanos(1));
            assertThatThrownBy(() -> link.next("nothing: the sender still has a slot out"))
                    .hasMessageStartingWith("receiver: waiting for nothing: the sender still has a slot out: nothing happened for 1 s");

            link.patience(TimeUnit.SECONDS.toNanos(30));
            link.sendCredit(1);
            Control.End end = (Control.End) nextMessage(link);
            assertThat(end.sha256()).isEqualTo(MessageDigest.getInstance("SHA-256").digest(CONTENT));
            link.send(new Control.Verdict(true, end.sha256()));
            assertThat(nextMessage(link)).isInstanceOf(Control.Bye.class);
            watch.finish(false);
        });

        assertThat(sender.get(30, TimeUnit.SECONDS)).singleElement().extracting(FileResult::bytes).isEqualTo((long) CONTENT.length);
    }

    @Test
    void creditsBeyondTheRingEndTheConnection() throws Exception {
        receiveTheChunkThen((link, watch) -> {
            link.sendCredit(2); // one slot is out, two are credited
            assertThat(nextMessage(link)).isInstanceOf(Control.Abort.class);
        });

        assertThatThrownBy(() -> sender.get(30, TimeUnit.SECONDS)).cause().hasMessage("sender: the file transfer protocol:"
                + " the receiver's credits add up to 3 free slots, but its ring has 2. Is the peer 07-file-transfer --server,"
                + " of the same version?");
    }
}
