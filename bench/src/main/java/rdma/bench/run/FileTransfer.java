package rdma.bench.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import rdma.bench.report.FileTransferPage;
import rdma.bench.report.ThreadCpu;

/**
 * bench/file-transfer.sh: chapter 07 against perftest's ib_write_bw, in one session, runs
 * alternating: a file from the page cache (the lab's tmpfs) with the chapter's default chunk size
 * and depth; the same chapter's transport alone ({@link rdma.transfer.TransportAlone}: its ring,
 * WRITE WITH IMMEDIATE and credits, no file and no hash), polling, with the receiver on events, and
 * both on events; ib_write_bw moving the same bytes with the same message size and queue depth,
 * and again asking for a completion per message, as chapter 07 does. The whole transfer runs with
 * the JVM's own compilers, with C1 only (as the lab's tests run), and through chapter 08. Then
 * where the time goes (the machine's CPU during ib_write_bw, SHA-256 on one thread, each thread's
 * CPU in the whole transfer, sampled from /proc) and the sweep that chose the defaults. Records
 * bench/logs/file-transfer.log; {@link FileTransferPage} renders it.
 */
public final class FileTransfer {
    private static final String CHUNK = "1M";
    private static final int DEPTH = 8;
    /** "file.bin: 1073741824 bytes in 41.52 s = 24.66 MiB/s (disk 0.84 s), sha256 ..." */
    private static final Pattern RESULT = Pattern.compile("^file\\.bin: ([0-9]+) bytes in ([0-9.]+) s = .* \\(disk ([0-9.]+) s\\)",
            Pattern.MULTILINE);
    private static final Pattern TRANSPORT = Pattern.compile("^transport: .* = ([0-9.]+) MiB/s$", Pattern.MULTILINE);
    /**
     * With C2 beside C1, a JVM in the lab breaks now and then: it crashes (SIGILL or SIGSEGV inside
     * a method C1 compiled, at the jump HotSpot writes over its entry when C2's version replaces
     * it), or the JDK's own code throws java.lang.InternalError (a String that its concatenation
     * did not fill). The emulator translates code while it runs, and can run a method another vCPU
     * is rewriting: the reason the lab runs every other JVM with C1 alone (docs/soft-roce.md).
     */
    private static final Pattern BROKEN = Pattern.compile("A fatal error has been detected by the Java Runtime Environment|java\\.lang\\.InternalError");

    private final Session session;
    private final Pair pair;
    private final long bytes;
    private final Path file;
    private final Path in;
    private int broken;
    /** The last Java transfer's CPU samples and its two JVMs, for {@link #profileLines}. */
    private List<String> samples = List.of();
    private long receiverPid;
    private long senderPid;

    private FileTransfer(Session session, long bytes) throws IOException {
        this.session = session;
        this.pair = new Pair(session);
        this.bytes = bytes;
        this.in = Files.createDirectories(session.work.resolve("in"));
        Session.say("writing a file of " + (bytes >> 20) + " MiB of random bytes");
        this.file = session.randomFile("file.bin", bytes);
    }

    public static void main(String[] args) {
        Session.main(() -> {
            int rounds = Session.env("ROUNDS", 3);
            long bytes = (long) Session.env("MIB", 1024) << 20;
            try (Session session = new Session(args, "bench/logs/file-transfer.log", 19100)) {
                session.header("bench/file-transfer.sh: " + session.serverDev + " and " + session.clientDev + ", " + rounds + " rounds, "
                        + (bytes >> 20) + " MiB, --chunk " + CHUNK + " --depth " + DEPTH, List.of("devices: " + session.serverDev + " "
                                + session.clientDev, "chunk: " + CHUNK, "chunk bytes: " + bytesOf(CHUNK), "depth: " + DEPTH,
                                "mib: " + (bytes >> 20), "rate TOOL ROUND MiB/s; cpu user|kernel c ROUND share of all CPUs; disk java ROUND s;",
                                "profile java|java-events ROUND FIELD CPU s; hash JIT MiB/s; sweep CHUNK DEPTH MiB/s; sweep-disk CHUNK DEPTH s"));
                new FileTransfer(session, bytes).record(rounds);
                session.finish(FileTransferPage::main);
            }
        });
    }

    private void record(int rounds) {
        for (int round = 1; round <= rounds; round++) {
            String[] c = Retry.until(() -> cRun(List.of()), result -> result == null, Perftest.CLOCK_FAILED);
            session.lines(List.of("rate c " + round + " " + c[0], "cpu user c " + round + " " + c[1], "cpu kernel c " + round + " " + c[2]));
            // ib_write_bw asks for a completion every --cq-mod messages (at most its depth); chapter 07 for every chunk.
            String[] everyOne = Retry.until(() -> cRun(List.of("-Q", "1")), result -> result == null, Perftest.CLOCK_FAILED);
            session.line("rate c-q1 " + round + " " + everyOne[0]);
            session.line("rate transport-poll " + round + " " + transportRun("poll", "poll"));
            session.line("rate transport-events-poll " + round + " " + transportRun("events", "poll"));
            session.line("rate transport-events " + round + " " + transportRun("events", "events"));
            String[] java = javaRun(false, CHUNK, DEPTH, null);
            session.lines(List.of("rate java " + round + " " + java[0], "disk java " + round + " " + java[1]));
            session.lines(profileLines("java", round));
            session.line("rate java-c1 " + round + " " + javaRun(true, CHUNK, DEPTH, null)[0]);
            session.line("rate java-events " + round + " " + javaRun(false, CHUNK, DEPTH, "events")[0]);
            session.lines(profileLines("java-events", round));
            Session.say("round " + round + " done");
        }
        for (boolean c1 : List.of(false, true)) {
            session.line("hash " + (c1 ? "c1" : "default") + " " + hashRate(c1));
        }
        // Around the defaults: each of the two changed alone, both ways.
        for (String[] point : List.of(new String[] {"256K", "8"}, new String[] {"4M", "8"}, new String[] {"1M", "2"},
                new String[] {"1M", "16"})) {
            String[] result = javaRun(false, point[0], Integer.parseInt(point[1]), null);
            Session.say("sweep: --chunk " + point[0] + " --depth " + point[1] + ": " + result[0] + " MiB/s");
            session.line("sweep " + point[0] + " " + point[1] + " " + result[0]);
            session.line("sweep-disk " + point[0] + " " + point[1] + " " + result[1]);
        }
        session.line("# broken: " + broken);
    }

    /**
     * A JVM of the run, with C1 only where {@code c1} (the lab's JVMs have it from
     * JAVA_TOOL_OPTIONS, which is emptied: each run here says its own), writing a crash report
     * beside the run's outputs, not into the repository.
     */
    private List<String> java(boolean c1, String... args) {
        List<String> command = new ArrayList<>(List.of("env", "JAVA_TOOL_OPTIONS=", Session.java()));
        if (c1) {
            command.add("-XX:TieredStopAtLevel=1");
        }
        command.addAll(List.of("-XX:ErrorFile=" + session.work.resolve("hs_err_%p.log"), "-cp",
                Session.chapters() + ":" + Path.of("bench/target/classes").toAbsolutePath()));
        command.addAll(List.of(args));
        return command;
    }

    /** Whether the emulator broke a JVM of a run that printed {@code output}; if so, says how and counts it. */
    private boolean broken(String output) {
        if (!BROKEN.matcher(output).find()) {
            return false;
        }
        String how = output.lines().dropWhile(line -> !line.contains("Problematic frame")).skip(1).findFirst()
                .orElse(output.lines().filter(line -> line.contains("java.lang.InternalError")).findFirst().orElse(""));
        Session.say("a JVM broke: " + how);
        broken++;
        return true;
    }

    /** A run that failed: null where the emulator broke a JVM of it (to be run again), else the failure. */
    private <T> T brokenOrFailed(Pair.Outcome outcome, String what) {
        if (broken(outcome.shown())) {
            return null;
        }
        throw new IllegalStateException(what + " failed:\n" + outcome.shown());
    }

    private static final String JVM_BROKE = "the emulator broke a JVM of the run";

    /**
     * One Java transfer: chapter 07's program or, with {@code events}, chapter 08's transfer
     * waiting that way: {MiB/s, disk seconds} from the sender's result line; its CPU samples are
     * kept for {@link #profileLines}.
     */
    private String[] javaRun(boolean c1, String chunk, int depth, String events) {
        return Retry.until(() -> javaRunOnce(c1, chunk, depth, events), result -> result == null, JVM_BROKE);
    }

    private String[] javaRunOnce(boolean c1, String chunk, int depth, String events) {
        int port = session.nextPort();
        try {
            Files.deleteIfExists(in.resolve("file.bin"));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        String[] program = events == null ? new String[] {"rdma.transfer.app.FileTransferMain"}
                : new String[] {"rdma.events.app.CompChannelMain", "transfer", "--wait", events};
        List<String> options = Pair.concat(session.gidArgs(), List.of("--chunk", chunk, "--depth", String.valueOf(depth)));
        List<String> server = Pair.concat(Pair.concat(java(c1, program), List.of("--server", "--once", "--dir", in.toString(), "-d",
                session.serverDev, "-p", String.valueOf(port))), options);
        List<String> client = Pair.concat(Pair.concat(java(c1, program), List.of("-d", session.clientDev, "-p", String.valueOf(port))),
                Pair.concat(options, List.of("127.0.0.1", file.toString())));
        Pair.Running running = pair.start(port, server, client);
        CpuSampler sampler = new CpuSampler(pair.output("client"), running.server.pid(), running.client.pid());
        Pair.Outcome outcome = running.finish();
        samples = sampler.stop();
        receiverPid = running.server.pid();
        senderPid = running.client.pid();
        Matcher result = RESULT.matcher(outcome.client());
        if (!outcome.clientOk() || running.server.exitValue() != 0 || !result.find()) {
            return brokenOrFailed(outcome, "the transfer with --chunk " + chunk + " --depth " + depth);
        }
        double seconds = Double.parseDouble(result.group(2));
        return new String[] {String.format(Locale.ROOT, "%.2f", Long.parseLong(result.group(1)) / seconds / 1048576),
                String.format(Locale.ROOT, "%.2f", Double.parseDouble(result.group(3)))};
    }

    /** The log lines of where the last Java run's CPU went: "profile NAME ROUND FIELD CPU-seconds" ({@link ThreadCpu}). */
    private List<String> profileLines(String name, int round) {
        List<String> lines = new ArrayList<>();
        ThreadCpu.of(samples, String.valueOf(receiverPid), String.valueOf(senderPid), ProcessCpu.ticksPerSecond()).forEach((field,
                seconds) -> lines.add(String.format(Locale.ROOT, "profile %s %d %s %.2f", name, round, field, seconds)));
        return lines;
    }

    /** Chapter 07's transport alone, the same bytes, chunk and depth, each side waiting as told: its MiB/s. */
    private String transportRun(String receiverWait, String senderWait) {
        return Retry.until(() -> {
            int port = session.nextPort();
            List<String> transport = java(false, "rdma.transfer.TransportAlone");
            List<String> server = Pair.concat(transport, List.of("--wait", receiverWait, "--bytes", String.valueOf(bytes), "--server", "-d",
                    session.serverDev, "-p", String.valueOf(port)));
            List<String> client = Pair.concat(transport, List.of("--wait", senderWait, "--bytes", String.valueOf(bytes), "-d",
                    session.clientDev, "-p", String.valueOf(port)));
            Pair.Outcome outcome = pair.run(port, Pair.concat(server, session.gidArgs()),
                    Pair.concat(Pair.concat(client, session.gidArgs()), List.of("127.0.0.1")));
            Matcher rate = TRANSPORT.matcher(outcome.client());
            return outcome.clientOk() && rate.find() ? rate.group(1)
                    : brokenOrFailed(outcome, "the transport alone, receiver " + receiverWait + ", sender " + senderWait);
        }, result -> result == null, JVM_BROKE);
    }

    /**
     * ib_write_bw with the same message size and queue depth, moving the same bytes: {BW average
     * MiB/s, the machine's user CPU and kernel CPU (system, irq and softirq, where soft-RoCE works)
     * over the client's run, in shares of all its CPUs}; null where its clock estimate failed.
     */
    private String[] cRun(List<String> extra) {
        long chunk = bytesOf(CHUNK);
        List<String> tool = Pair.concat(Perftest.command(session, "ib_write_bw"), List.of("-s", String.valueOf(chunk), "-t",
                String.valueOf(DEPTH), "-n", String.valueOf(bytes / chunk)));
        tool = Pair.concat(tool, extra);
        int port = session.nextPort();
        Process server = Pair.launch(pair.server(tool, port), pair.output("server"));
        Pair.waitListening(port, server);
        long[] before = MachineCpu.ticks();
        long start = System.nanoTime();
        Process client = Pair.launch(pair.client(tool, port), pair.output("client"));
        boolean clientOk = Pair.ended(client, Pair.CLIENT_MINUTES, TimeUnit.MINUTES) && client.exitValue() == 0;
        long[] after = MachineCpu.ticks();
        double seconds = (System.nanoTime() - start) / 1e9;
        if (!clientOk) {
            client.destroy();
            server.destroy();
        }
        Pair.ended(server, Pair.CLIENT_MINUTES, TimeUnit.MINUTES);
        Pair.Outcome outcome = new Pair.Outcome(clientOk, Pair.read(pair.output("client")), Pair.read(pair.output("server")));
        if (!clientOk) {
            throw new IllegalStateException("ib_write_bw failed:\n" + outcome.shown());
        }
        if (Perftest.clockFailed(outcome.client())) {
            return null;
        }
        String rate = Perftest.value(outcome, "BW average", 4, "ib_write_bw");
        double cpuSeconds = seconds * Runtime.getRuntime().availableProcessors() * ProcessCpu.ticksPerSecond();
        return new String[] {rate, String.format(Locale.ROOT, "%.2f", (after[0] - before[0]) / cpuSeconds),
                String.format(Locale.ROOT, "%.2f", (after[1] - before[1]) / cpuSeconds)};
    }

    /** SHA-256 on one thread, as each side's hasher runs it: MiB/s (the program's one line). */
    private String hashRate(boolean c1) {
        return Retry.until(() -> {
            Path rate = session.work.resolve("hash.txt");
            Path errors = session.work.resolve("hash.err");
            try {
                Process hash = new ProcessBuilder(java(c1, "rdma.bench.Sha256Rate", "256")).redirectOutput(rate.toFile())
                        .redirectError(errors.toFile()).start();
                if (Pair.ended(hash, Pair.CLIENT_MINUTES, TimeUnit.MINUTES) && hash.exitValue() == 0) {
                    return Pair.read(rate).strip();
                }
                hash.destroy();
            } catch (IOException e) {
                throw new IllegalStateException("could not start java: " + e.getMessage(), e);
            }
            return brokenOrFailed(new Pair.Outcome(false, Pair.read(rate), Pair.read(errors)), "the SHA-256 rate");
        }, result -> result == null, JVM_BROKE);
    }

    /** numfmt's IEC sizes: "256K", "1M", "4M". */
    static long bytesOf(String size) {
        long unit = switch (size.charAt(size.length() - 1)) {
            case 'K' -> 1L << 10;
            case 'M' -> 1L << 20;
            case 'G' -> 1L << 30;
            default -> 1;
        };
        return Long.parseLong(unit == 1 ? size : size.substring(0, size.length() - 1)) * unit;
    }
}
