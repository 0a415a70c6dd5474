package rdma.transfer.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.management.ThreadMXBean;
import java.io.File;
import java.io.RandomAccessFile;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import rdma.devices.Cli;
import rdma.devices.DeviceContext;
import rdma.devices.DeviceList;
import rdma.memory.MemoryRegion;
import rdma.queues.QueuePair;
import rdma.testsupport.ExternalCommand;
import rdma.testsupport.Listening;
import rdma.testsupport.ProgramRun;
import rdma.testsupport.RequiresDevice;
import rdma.transfer.FileResult;
import rdma.transfer.TransferListener;

/**
 * The program on a real device: the demo, several files of awkward sizes, the receiver's
 * refusals, a file larger than the receiver's memory, either side killed mid-transfer, a full
 * disk, and a chunk loop that allocates nothing.
 */
@RequiresDevice
class FileTransferDeviceTest {
    private static final AtomicInteger NEXT_PORT = new AtomicInteger(19000);

    @TempDir
    Path root;

    @AfterEach
    void nothingIsLeftBehind() {
        assertThat(QueuePair.openCount()).as("QPs").isZero();
        assertThat(MemoryRegion.openCount()).as("MRs").isZero();
        assertThat(DeviceContext.openCount()).as("contexts").isZero();
    }

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

        assertThat(run.stderr()).as(run.stdout()).isEmpty();
        assertThat(run.exitCode()).isZero();
        assertThat(run.stdout()).containsPattern("\\[client\\] 07-file-transfer-demo-\\d+\\.bin: 268435456 bytes in [0-9.]+ s = [0-9.]+"
                        + " MB/s \\(disk [0-9.]+ s\\), sha256 [0-9a-f]{64}")
                .containsPattern("\\[server\\] 07-file-transfer-demo-\\d+\\.bin: 268435456 bytes in ")
                .containsPattern("demo: read back from the disk, both copies have SHA-256 [0-9a-f]{64}; both deleted");
        try (Stream<Path> files = Files.list(tmp)) {
            assertThat(files.filter(file -> file.getFileName().toString().startsWith("07-file-transfer-demo-")).count())
                    .as("the demo's files are gone").isEqualTo(before);
        }
    }

    /** Empty, one byte, and sizes that are not a multiple of the chunk, through a ring that wraps many times. */
    @Test
    void severalFilesOfAwkwardSizesArriveIntact() throws Exception {
        Path in = Files.createDirectory(root.resolve("in"));
        List<Path> files = List.of(randomFile("empty", 0), randomFile("one", 1), randomFile("odd.bin", 3 * 65536 + 17),
                randomFile("exact.bin", 8 * 65536), randomFile("wraps.bin", 5_000_000));
        int port = NEXT_PORT.getAndIncrement();
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
        int port = NEXT_PORT.getAndIncrement();
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
        int port = NEXT_PORT.getAndIncrement();
        CompletableFuture<ProgramRun> server = server(port, FileTransferMain::run, "--dir", in.toString());

        ProgramRun refused = send(port, FileTransferMain::run, "localhost", file.toString());

        assertThat(refused.exitCode()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(refused.stderr()).isEqualTo("07-file-transfer: sender: sending report.txt: the receiver refused it: report.txt"
                + " exists in the receiver's directory, and the receiver does not overwrite (its --force would). Change what it"
                + " objects to, or start the receiver with other options\n");
        assertThat(server.get(60, TimeUnit.SECONDS).exitCode()).isEqualTo(1);
        assertThat(Files.readString(in.resolve("report.txt"))).isEqualTo("the receiver's own");
        assertThat(entries(in)).containsExactly("report.txt");

        port = NEXT_PORT.getAndIncrement();
        server = server(port, FileTransferMain::run, "--dir", in.toString(), "--force");
        assertThat(send(port, FileTransferMain::run, "localhost", file.toString()).exitCode()).isZero();
        assertThat(server.get(60, TimeUnit.SECONDS).exitCode()).isZero();
        assertThat(Files.readString(in.resolve("report.txt"))).isEqualTo("the sender's");
    }

    /** The receiver is a JVM of 48 MiB of heap; the file is 160 MiB: it streams through the ring. */
    @Test
    void aFileLargerThanTheReceiversMemoryArrives() throws Exception {
        Path in = Files.createDirectory(root.resolve("in"));
        Path file = randomFile("large.bin", 160L << 20);
        int port = NEXT_PORT.getAndIncrement();
        Process receiver = childJvm(List.of("-Xmx48m"), "--server", "--once", "--dir", in.toString(), "-d", device(),
                "-p", String.valueOf(port));
        Listening.await(port, 60_000);

        ProgramRun sender = send(port, FileTransferMain::run, "localhost", file.toString());

        assertThat(receiver.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(sender.stderr()).as(sender.stdout()).isEmpty();
        assertThat(receiver.exitValue()).as(new String(receiver.getInputStream().readAllBytes())).isZero();
        assertThat(in.resolve("large.bin")).hasSameBinaryContentAs(file);
    }

    @Test
    void aReceiverKilledMidTransferIsNoticedBySender() throws Exception {
        Path in = Files.createDirectory(root.resolve("in"));
        int port = NEXT_PORT.getAndIncrement();
        Process receiver = childJvm(List.of(), "--server", "--dir", in.toString(), "-d", device(), "-p", String.valueOf(port));
        Listening.await(port, 60_000);
        CompletableFuture<ProgramRun> sender = CompletableFuture.supplyAsync(() -> {
            try {
                return send(port, FileTransferMain::run, "localhost", sparseFile("endless.bin", 512L << 20).toString());
            } catch (Exception failed) {
                throw new IllegalStateException(failed);
            }
        });
        awaitPartialFile(in);
        receiver.destroyForcibly().waitFor();
        long killed = System.nanoTime();

        ProgramRun run = sender.get(60, TimeUnit.SECONDS);

        assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - killed)).as("seconds until the sender noticed").isLessThan(5);
        assertThat(run.exitCode()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(run.stderr()).isEqualTo("07-file-transfer: sender: waiting for the receiver's credits: the peer closed its"
                + " connection: it failed or was stopped. Look at the other side's output\n");
    }

    @Test
    void aSenderKilledMidTransferLeavesNothingAndTheReceiverSaysSo() throws Exception {
        Path in = Files.createDirectory(root.resolve("in"));
        int port = NEXT_PORT.getAndIncrement();
        CompletableFuture<ProgramRun> server = server(port, FileTransferMain::run, "--dir", in.toString());
        Process sender = childJvm(List.of(), "-d", device(), "-p", String.valueOf(port), "localhost",
                sparseFile("endless.bin", 512L << 20).toString());
        awaitPartialFile(in);
        sender.destroyForcibly().waitFor();
        long killed = System.nanoTime();

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
        assumeTrue("root".equals(System.getProperty("user.name")), "mounting a small file system needs root");
        Path small = Files.createDirectory(root.resolve("small"));
        ExternalCommand.output(List.of("mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", small.toString()), "mount (util-linux)");
        try {
            int port = NEXT_PORT.getAndIncrement();
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
            CompletableFuture<ProgramRun> server = server(port, (args, out, err) -> Cli.run(new FileTransferMain(out, err)
                    .observe(fillsTheDisk), args, out, err), "--dir", small.toString());

            ProgramRun sender = send(port, FileTransferMain::run, "localhost", randomFile("fits.bin", 2 << 20).toString());
            ProgramRun receiver = server.get(60, TimeUnit.SECONDS);

            assertThat(sender.exitCode()).isEqualTo(Cli.VERBS_ERROR);
            assertThat(sender.stderr()).startsWith("07-file-transfer: sender: the receiver gave up: writing ")
                    .contains("No space left on device").hasLineCount(1);
            assertThat(receiver.stderr()).startsWith("07-file-transfer: writing ").contains("No space left on device");
            assertThat(entries(small)).containsExactly("ballast");
        } finally {
            ExternalCommand.output(List.of("umount", small.toString()), "umount (util-linux)");
        }
    }

    /** Both chunk loops create no object in their steady state: measured on each side's thread over the second half. */
    @Test
    void theChunkLoopsAllocateNothing() throws Exception {
        Path in = Files.createDirectory(root.resolve("in"));
        Path file = sparseFile("steady.bin", 32L << 20);
        int port = NEXT_PORT.getAndIncrement();
        AllocationWatch receiving = new AllocationWatch();
        AllocationWatch sending = new AllocationWatch();
        CompletableFuture<ProgramRun> server = server(port, (args, out, err) -> Cli.run(new FileTransferMain(out, err)
                .observe(receiving), args, out, err), "--dir", in.toString(), "--chunk", "16K");

        ProgramRun sender = send(port, (args, out, err) -> Cli.run(new FileTransferMain(out, err).observe(sending), args, out, err),
                "--chunk", "16K", "localhost", file.toString());

        assertThat(sender.exitCode()).as(sender.stderr()).isZero();
        assertThat(server.get(60, TimeUnit.SECONDS).exitCode()).isZero();
        assertThat(sending.bytesOverSecondHalf()).as("bytes the sender's loop allocated over 1024 chunks").isLessThan(1024);
        assertThat(receiving.bytesOverSecondHalf()).as("bytes the receiver's loop allocated over 1024 chunks").isLessThan(1024);
    }

    /** Reads the allocation counter of the loop's own thread at the middle of the file and at its end. */
    private static final class AllocationWatch implements TransferListener {
        private final ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        private long size;
        private long atMiddle;
        private long atEnd;

        @Override
        public void started(String name, long fileSize) {
            this.size = fileSize;
        }

        @Override
        public void advanced(long bytes) {
            if (atMiddle == 0 && bytes >= size / 2) {
                atMiddle = threads.getCurrentThreadAllocatedBytes();
            } else if (bytes == size) {
                atEnd = threads.getCurrentThreadAllocatedBytes();
            }
        }

        long bytesOverSecondHalf() {
            assertThat(atMiddle).as("the middle was seen").isPositive();
            return atEnd - atMiddle;
        }

        @Override
        public void finished(FileResult result) {
        }
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

    /** This chapter's program in a JVM of its own, which the test may kill. */
    private static Process childJvm(List<String> jvmOptions, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), FileTransferMain.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
    }
}
