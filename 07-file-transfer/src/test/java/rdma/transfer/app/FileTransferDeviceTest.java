package rdma.transfer.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.ThreadMXBean;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.lang.management.ManagementFactory;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import rdma.devices.DeviceList;
import rdma.pingpong.waiting.Waiting;
import rdma.support.Cli;
import rdma.testsupport.Allocation;
import rdma.testsupport.Child;
import rdma.testsupport.ExternalCommand;
import rdma.testsupport.FreePorts;
import rdma.testsupport.Listening;
import rdma.testsupport.Prerequisite;
import rdma.testsupport.ProgramRun;
import rdma.testsupport.RequiresDevice;
import rdma.transfer.FileClient;
import rdma.transfer.FileResult;
import rdma.transfer.FileServer;
import rdma.transfer.TransferListener;
import rdma.transfer.TransferOptions;

/**
 * The program on a real device: the demo, several files of awkward sizes, the receiver's
 * refusals, a file larger than the receiver's memory, either side killed mid-transfer, a full
 * disk, and a chunk loop that allocates nothing.
 */
@RequiresDevice
class FileTransferDeviceTest {
    private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final PrintStream NOWHERE = new PrintStream(OutputStream.nullOutputStream());
    @TempDir
    Path root;

    private static String device() {
        try (DeviceList list = DeviceList.open()) {
            return list.first().name();
        }
    }

    /** A server of one sender (--once) in this JVM, on its own port. */
    private static CompletableFuture<ProgramRun> server(int port, ProgramRun.Program program, String... options) throws Exception {
        List<String> args = new ArrayList<>(List.of("--server", "--once", "-d", device(), "-p", String.valueOf(port)));
        args.addAll(List.of(options));
        CompletableFuture<ProgramRun> server = CompletableFuture.supplyAsync(() -> ProgramRun.of(program, args.toArray(String[]::new)));
        Listening.await(port, 30_000);
        return server;
    }

    private static ProgramRun send(int port, ProgramRun.Program program, String... filesAndOptions) {
        List<String> args = new ArrayList<>(List.of("-d", device(), "-p", String.valueOf(port)));
        args.addAll(List.of(filesAndOptions));
        return ProgramRun.of(program, args.toArray(String[]::new));
    }

    private Path randomFile(String name, long size) throws Exception {
        Path file = root.resolve(name);
        byte[] bytes = new byte[(int) size];
        new Random(size).nextBytes(bytes);
        return Files.write(file, bytes);
    }

    /** A file of {@code size} bytes that takes no time to make: a hole, read back as zeros. */
    private Path sparseFile(String name, long size) throws Exception {
        Path file = root.resolve(name);
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.setLength(size);
        }
        return file;
    }

    private static String[] entries(Path directory) throws Exception {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(file -> file.getFileName().toString()).sorted().toArray(String[]::new);
        }
    }

    @Test
    void theDemoSendsVerifiesAndDeletes() throws Exception {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        long before;
        try (Stream<Path> files = Files.list(tmp)) {
            before = files.filter(file -> file.getFileName().toString().startsWith("07-file-transfer-demo-")).count();
        }

        ProgramRun run = ProgramRun.of(FileTransferMain::run);

        run.assertSucceeded();
        assertThat(run.stdout())
                .containsPattern("\\[client\\] 07-file-transfer-demo-\\d+\\.bin: " + FileTransferMain.DEMO_SIZE
                        + " bytes in [0-9.]+ s = [0-9.]+ MiB/s \\(disk [0-9.]+ s\\), sha256 [0-9a-f]{64}")
                .containsPattern("\\[server\\] 07-file-transfer-demo-\\d+\\.bin: " + FileTransferMain.DEMO_SIZE + " bytes in ")
                .containsPattern("demo: read back from the disk, both copies have SHA-256 [0-9a-f]{64}; both deleted");
        try (Stream<Path> files = Files.list(tmp)) {
            assertThat(files.filter(file -> file.getFileName().toString().startsWith("07-file-transfer-demo-")).count())
                    .as("the demo's files are gone").isEqualTo(before);
        }
    }

    /** A demo that cannot write its files says so in one line, not a stack trace. */
    @Test
    void aDemoWithoutRoomForItsFilesIsOneLine() throws Exception {
        Path missing = root.resolve("missing");
        try (Child demo = Child.java(FileTransferMain.class, List.of("-Djava.io.tmpdir=" + missing,
                "-Djna.tmpdir=" + Files.createDirectory(root.resolve("jna"))), List.of())) {
            assertThat(demo.waitFor(60)).as(demo.output()).isEqualTo(Cli.VERBS_ERROR);
            assertThat(demo.output()).containsPattern("(?m)^07-file-transfer: creating the demo's files under "
                    + Pattern.quote(missing.toString()) + ": \\S+\\. Free space there, or point java.io.tmpdir at another directory$")
                    .doesNotContain("\tat ");
        }
    }

    /** Empty, one byte, and sizes that are not a multiple of the chunk, through a ring that wraps many times. */
    @Test
    void severalFilesOfAwkwardSizesArriveIntact() throws Exception {
        Path in = Files.createDirectory(root.resolve("in"));
        List<Path> files = List.of(randomFile("empty", 0), randomFile("one", 1), randomFile("odd.bin", 3 * 65536 + 17),
                randomFile("exact.bin", 8 * 65536), randomFile("wraps.bin", 5_000_000));
        int port = FreePorts.next();
        CompletableFuture<ProgramRun> server = server(port, FileTransferMain::run, "--dir", in.toString(), "--chunk", "64K", "--depth", "4");
        List<String> args = new ArrayList<>(List.of("--chunk", "64K", "--depth", "4", "localhost"));
        files.forEach(file -> args.add(file.toString()));

        ProgramRun sender = send(port, FileTransferMain::run, args.toArray(String[]::new));
        ProgramRun receiver = server.get(120, TimeUnit.SECONDS);

        assertThat(sender.stderr()).as(sender.stdout()).isEmpty();
        assertThat(receiver.stderr()).as(receiver.stdout()).isEmpty();
        assertThat(sender.exitCode()).isZero();
        assertThat(receiver.exitCode()).isZero();
        for (Path file : files) {
            assertThat(in.resolve(file.getFileName())).hasSameBinaryContentAs(file);
        }
        assertThat(entries(in)).containsExactly("empty", "exact.bin", "odd.bin", "one", "wraps.bin");
        assertThat(sender.stdout()).contains("sender: chunks of 65536 bytes, 4 in flight",
                "empty: 0 bytes in ", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
                "odd.bin: 196625 bytes in ");
        assertThat(receiver.stdout()).contains("receiver: the sender said BYE after 5 file(s)");
    }

    /** The smaller chunk and depth of the two sides win. */
    @Test
    void theSidesSettleOnTheSmallerChunkAndDepth() throws Exception {
        Path in = Files.createDirectory(root.resolve("in"));
        int port = FreePorts.next();
        CompletableFuture<ProgramRun> server = server(port, FileTransferMain::run, "--dir", in.toString(), "--chunk", "32K", "--depth", "16");

        ProgramRun sender = send(port, FileTransferMain::run, "--chunk", "256K", "--depth", "2", "localhost",
                randomFile("a.bin", 100_000).toString());

        assertThat(server.get(60, TimeUnit.SECONDS).exitCode()).isZero();
        assertThat(sender.stdout()).contains("sender: chunks of 32768 bytes, 2 in flight");
        assertThat(in.resolve("a.bin")).hasSameBinaryContentAs(root.resolve("a.bin"));
    }

    @Test
    void anExistingFileIsKeptUnlessTheReceiverForces() throws Exception {
        Path in = Files.createDirectory(root.resolve("in"));
        Files.writeString(in.resolve("report.txt"), "the receiver's own");
        Path file = Files.writeString(root.resolve("report.txt"), "the sender's");
        int port = FreePorts.next();
        CompletableFuture<ProgramRun> server = server(port, FileTransferMain::run, "--dir", in.toString());

        ProgramRun refused = send(port, FileTransferMain::run, "localhost", file.toString());

        refused.assertFailedWith("07-file-transfer: sender: sending report.txt: the receiver refused it: report.txt"
                + " exists in the receiver's directory, and the receiver does not overwrite (its --force would). Change what it"
                + " objects to, or start the receiver with other options");
        assertThat(server.get(60, TimeUnit.SECONDS).exitCode()).isEqualTo(1);
        assertThat(Files.readString(in.resolve("report.txt"))).isEqualTo("the receiver's own");
        assertThat(entries(in)).containsExactly("report.txt");

        port = FreePorts.next();
        server = server(port, FileTransferMain::run, "--dir", in.toString(), "--force");
        assertThat(send(port, FileTransferMain::run, "localhost", file.toString()).exitCode()).isZero();
        assertThat(server.get(60, TimeUnit.SECONDS).exitCode()).isZero();
        assertThat(Files.readString(in.resolve("report.txt"))).isEqualTo("the sender's");
    }

    /**
     * A sender outside the receiver's --allow is refused on its TCP connection: one line on each
     * side, nothing made on the device for it (the receiver prints no QP's address), nothing
     * written; the receiver waits on for a sender it lets in. Then one inside the list is let in.
     */
    @Test
    void aSenderOutsideTheAllowListIsRefusedAndNothingIsWritten() throws Exception {
        Path in = Files.createDirectory(root.resolve("in"));
        Path file = randomFile("a.bin", 100_000);
        TransferOptions options = ProgramRun.parsed(FileTransferMain::new, "--server", "--once", "--dir", in.toString(),
                "-d", device(), "-p", String.valueOf(FreePorts.next()), "--allow", "192.0.2.123").options;
        ByteArrayOutputStream receiverOut = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(receiverOut, true, StandardCharsets.UTF_8);
        CompletableFuture<ServerSocket> listening = new CompletableFuture<>();
        String device = device();
        CompletableFuture<Integer> receiver = CompletableFuture.supplyAsync(() -> {
            try (DeviceList devices = DeviceList.open()) {
                return new FileServer(options, Waiting.POLL, "07-file-transfer").run(devices.find(device), out, out,
                        TransferListener.NONE, listening::complete);
            }
        });
        ServerSocket listener = listening.get(30, TimeUnit.SECONDS);

        ProgramRun refused = send(options.connection.port, FileTransferMain::run, "localhost", file.toString());
        listener.close(); // no sender on this machine is ever let in: the receiver ends when its listener closes

        assertThat(receiver.get(30, TimeUnit.SECONDS)).isZero();
        assertThat(refused.exitCode()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(refused.stderr()).hasLineCount(1).startsWith("07-file-transfer: exchanging addresses with localhost:")
                .contains("The receiver closed the connection before it answered: it may not let this machine in (its --allow), or it stopped");
        assertThat(receiverOut.toString(StandardCharsets.UTF_8))
                .contains("receiver: open on every address of this machine to senders from 192.0.2.123 only")
                .containsPattern("(?m)^receiver: refused a sender from \\S+: not in --allow 192\\.0\\.2\\.123$")
                .doesNotContain("local address");
        assertThat(entries(in)).isEmpty();

        int port = FreePorts.next();
        CompletableFuture<ProgramRun> server = server(port, FileTransferMain::run, "--dir", in.toString(),
                "--allow", "127.0.0.0/8", "--allow", "::1");
        assertThat(send(port, FileTransferMain::run, "localhost", file.toString()).exitCode()).isZero();
        assertThat(server.get(60, TimeUnit.SECONDS).exitCode()).isZero();
        assertThat(in.resolve("a.bin")).hasSameBinaryContentAs(file);
    }

    /** A receiver bound to one address of the machine (127.0.0.2: all of 127.0.0.0/8 is) is not reachable on another. */
    @Test
    void aBoundReceiverIsNotReachableOnAnotherAddress() throws Exception {
        Path in = Files.createDirectory(root.resolve("in"));
        Path file = randomFile("b.bin", 100_000);
        int port = FreePorts.next();
        CompletableFuture<ProgramRun> server = server(port, FileTransferMain::run, "--dir", in.toString(), "--bind", "127.0.0.2");

        ProgramRun elsewhere = send(port, FileTransferMain::run, "127.0.0.1", file.toString());
        assertThat(elsewhere.exitCode()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(elsewhere.stderr()).hasLineCount(1).contains("connecting to 127.0.0.1:" + port + ": nothing is listening there");
        assertThat(entries(in)).isEmpty();

        assertThat(send(port, FileTransferMain::run, "127.0.0.2", file.toString()).exitCode()).isZero();
        ProgramRun receiver = server.get(60, TimeUnit.SECONDS);
        assertThat(receiver.exitCode()).isZero();
        assertThat(receiver.stdout()).contains("receiver: open on 127.0.0.2 only to anyone who reaches the port (--bind and --allow narrow that)");
        assertThat(in.resolve("b.bin")).hasSameBinaryContentAs(file);
    }

    /** The receiver is a JVM of 16 MiB of heap; the file is 64 MiB: it streams through the ring. */
    @Test
    void aFileLargerThanTheReceiversMemoryArrives() throws Exception {
        Path in = Files.createDirectory(root.resolve("in"));
        Path file = randomFile("large.bin", 64L << 20);
        int port = FreePorts.next();
        try (Child receiver = Child.java(FileTransferMain.class, List.of("-Xmx16m"), List.of("--server", "--once", "--dir",
                in.toString(), "-d", device(), "-p", String.valueOf(port)))) {
            Listening.await(port, 60_000);

            ProgramRun sender = send(port, FileTransferMain::run, "localhost", file.toString());

            assertThat(sender.stderr()).as(sender.stdout()).isEmpty();
            assertThat(receiver.waitFor(120)).as(receiver.output()).isZero();
        }
        assertThat(in.resolve("large.bin")).hasSameBinaryContentAs(file);
    }

    /**
     * A receiver killed mid-transfer is noticed by its sender at once; it leaves its partial
     * file, which the next receiver in that directory deletes as it starts.
     */
    @Test
    void aReceiverKilledMidTransferIsNoticedBySenderAndTheNextReceiverCleansUp() throws Exception {
        Path in = Files.createDirectory(root.resolve("in"));
        int port = FreePorts.next();
        ProgramRun run;
        long killed;
        try (Child receiver = Child.java(FileTransferMain.class, List.of(), List.of("--server", "--dir", in.toString(),
                "-d", device(), "-p", String.valueOf(port)))) {
            Listening.await(port, 60_000);
            Path endless = sparseFile("endless.bin", 512L << 20);
            CompletableFuture<ProgramRun> sender = CompletableFuture.supplyAsync(() ->
                    send(port, FileTransferMain::run, "localhost", endless.toString()));
            awaitPartialFile(in);
            receiver.kill();
            killed = System.nanoTime();
            run = sender.get(60, TimeUnit.SECONDS);
        }

        assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - killed)).as("seconds until the sender noticed").isLessThan(5);
        run.assertFailedWith("07-file-transfer: sender: waiting for the receiver's credits: the peer closed its"
                + " connection: it failed or was stopped. Look at the other side's output");
        assertThat(entries(in)).as("what the killed receiver left").singleElement().asString()
                .startsWith(".07-file-transfer.").endsWith(".part");

        int next = FreePorts.next();
        CompletableFuture<ProgramRun> receiver = server(next, FileTransferMain::run, "--dir", in.toString());
        ProgramRun sent = send(next, FileTransferMain::run, "localhost", randomFile("small.bin", 1000).toString());
        ProgramRun received = receiver.get(60, TimeUnit.SECONDS);
        assertThat(sent.exitCode()).as(sent.stderr()).isZero();
        assertThat(received.stdout()).contains("receiver: deleted 1 partial file(s) that a receiver no longer running left behind");
        assertThat(entries(in)).containsExactly("small.bin");
    }

    @Test
    void aSenderKilledMidTransferLeavesNothingAndTheReceiverSaysSo() throws Exception {
        Path in = Files.createDirectory(root.resolve("in"));
        int port = FreePorts.next();
        CompletableFuture<ProgramRun> server = server(port, FileTransferMain::run, "--dir", in.toString());
        long killed;
        try (Child sender = Child.java(FileTransferMain.class, List.of(), List.of("-d", device(), "-p", String.valueOf(port),
                "localhost", sparseFile("endless.bin", 512L << 20).toString()))) {
            awaitPartialFile(in);
            sender.kill();
            killed = System.nanoTime();
        }

        ProgramRun run = server.get(60, TimeUnit.SECONDS);

        assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - killed)).as("seconds until the receiver noticed").isLessThan(5);
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stderr()).isEqualTo("07-file-transfer: receiver: waiting for the sender's chunks: the peer closed its"
                + " connection: it failed or was stopped. Look at the other side's output\n");
        assertThat(entries(in)).as("the temporary file is gone").isEmpty();
    }

    /**
     * A disk that fills during the transfer (a small tmpfs, filled as the file starts): the receiver
     * deletes what it wrote and tells the sender why. Mounting needs root, which the lab has.
     */
    @Test
    void aFullDiskEndsTheFileCleanly() throws Exception {
        Prerequisite.require("root".equals(System.getProperty("user.name")), "mounting a small file system needs root");
        Path small = Files.createDirectory(root.resolve("small"));
        ExternalCommand.output(List.of("mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", small.toString()), "mount (util-linux)");
        try {
            TransferOptions options = new TransferOptions(FreePorts.next());
            options.dir = small;
            options.once = true;
            TransferListener fillsTheDisk = new TransferListener() {
                @Override
                public void started(String name, long size) {
                    try {
                        Files.write(small.resolve("ballast"), new byte[3 << 20]);
                    } catch (Exception full) {
                        throw new IllegalStateException(full);
                    }
                }
            };
            ByteArrayOutputStream receiverErrors = new ByteArrayOutputStream();
            CompletableFuture<Integer> receiver = serveOnce(options, fillsTheDisk, receiverErrors);

            ProgramRun sender = send(options.connection.port, FileTransferMain::run, "localhost",
                    randomFile("fits.bin", 2 << 20).toString());

            assertThat(receiver.get(60, TimeUnit.SECONDS)).isEqualTo(1);
            assertThat(sender.exitCode()).isEqualTo(Cli.VERBS_ERROR);
            assertThat(sender.stderr()).startsWith("07-file-transfer: sender: the receiver gave up: writing ")
                    .contains("No space left on device").hasLineCount(1);
            assertThat(receiverErrors.toString(StandardCharsets.UTF_8)).startsWith("07-file-transfer: writing ")
                    .contains("No space left on device");
            assertThat(entries(small)).containsExactly("ballast");
        } finally {
            ExternalCommand.output(List.of("umount", small.toString()), "umount (util-linux)");
        }
    }

    /** The library's receiver of one sender (--once), in a thread of its own, telling {@code listener} of the file. */
    private static CompletableFuture<Integer> serveOnce(TransferOptions options, TransferListener listener,
            ByteArrayOutputStream errors) throws Exception {
        PrintStream err = new PrintStream(errors, true, StandardCharsets.UTF_8);
        CompletableFuture<ServerSocket> listening = new CompletableFuture<>();
        String device = device();
        CompletableFuture<Integer> receiver = CompletableFuture.supplyAsync(() -> {
            try (DeviceList devices = DeviceList.open()) {
                return new FileServer(options, Waiting.POLL, "07-file-transfer").run(devices.find(device), NOWHERE, err,
                        listener, listening::complete);
            }
        });
        listening.get(30, TimeUnit.SECONDS);
        return receiver;
    }

    /**
     * Both chunk loops create no object in their steady state: measured on each side's thread
     * around whole transfers of 16 and 64 MiB in chunks of 16 KiB, 3072 chunks apart.
     */
    @Test
    void theChunkLoopsAllocateNothing() throws Exception {
        // The check may run each size more than once (it retries a noisy pair): every run gets its
        // own directory, and the receiver's last run of each size counts.
        Map<Integer, Long> receiverBytes = new ConcurrentHashMap<>();
        int[] run = {0};
        Allocation.assertLoopAllocatesNothing(chunks -> {
            Path in = Files.createDirectory(root.resolve("in" + run[0]++));
            TransferOptions options = new TransferOptions(FreePorts.next());
            options.dir = in;
            options.once = true;
            options.chunk = 16 << 10;
            TransferListener measured = new TransferListener() {
                private long start;

                @Override
                public void started(String name, long size) {
                    start = THREADS.getCurrentThreadAllocatedBytes();
                }

                @Override
                public void finished(FileResult result) {
                    receiverBytes.put(chunks, THREADS.getCurrentThreadAllocatedBytes() - start);
                }
            };
            CompletableFuture<Integer> receiver = serveOnce(options, measured, new ByteArrayOutputStream());
            try (DeviceList devices = DeviceList.open()) {
                new FileClient(options, Waiting.POLL).send(devices.find(device()), "localhost",
                        List.of(sparseFile("steady" + chunks + ".bin", (long) chunks * options.chunk)), NOWHERE, TransferListener.NONE);
            }
            assertThat(receiver.get(60, TimeUnit.SECONDS)).isZero();
        }, 1024, 4096, "the sender's chunk loop");
        assertThat(receiverBytes.get(1024)).as("the receiver's file of 16 MiB").isPositive();
        assertThat(receiverBytes.get(4096) - receiverBytes.get(1024)).as("bytes the receiver's loop allocated for 3072 more chunks")
                .isLessThan(3072);
    }

    /** Waits until the receiver has started writing: its temporary file exists. */
    private static void awaitPartialFile(Path directory) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (entries(directory).length == 0) {
            assertThat(System.nanoTime()).as("the transfer started").isLessThan(deadline);
            Thread.sleep(50);
        }
        Thread.sleep(1_000); // chunks are moving
    }

}
