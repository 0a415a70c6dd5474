package rdma.bench.run;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import rdma.bench.report.RunLog;

/**
 * What every benchmark of this package has: the two devices it runs on, a TCP port of its own for
 * each run, a scratch directory, and its raw log. The log is written to {@code LOG.new} as the runs
 * go and moved into place only once the session is complete, so that a failed session leaves the
 * last complete log alone. bench/run.sh starts the drivers; it hands over the chapters' class path
 * ({@code BENCH_CHAPTERS}) and the facts of the run ({@code BENCH_FACTS}: lib.sh's log_facts).
 */
final class Session implements AutoCloseable {
    final String serverDev;
    final String clientDev;
    /** The GID index, or null (InfiniBand needs none). */
    final String gid;
    final Path work;
    private final Path log;
    private final PrintWriter out;
    private int port;
    private boolean finished;
    /** Whether the log holds more than its header: runs worth keeping when the session fails. */
    private boolean ran;

    /** Devices from {@code args}: server device, client device, GID index (defaults: the lab's). */
    Session(String[] args, String log, int firstPort) {
        serverDev = args.length > 0 ? args[0] : "rxe0";
        clientDev = args.length > 1 ? args[1] : "rxe1";
        String index = args.length > 2 ? args[2] : System.getenv("RDMA_LAB_GID_INDEX");
        gid = index == null || index.isEmpty() ? null : index;
        this.log = Path.of(log);
        this.port = firstPort;
        try {
            work = Files.createTempDirectory("bench-");
            out = new PrintWriter(Files.newBufferedWriter(partial()), true);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A TCP port no earlier run of this session used. */
    int nextPort() {
        return ++port;
    }

    /** {@code -g INDEX} for the chapters' programs and rdma-core's examples, or nothing. */
    List<String> gidArgs() {
        return gid == null ? List.of() : List.of("-g", gid);
    }

    /** The devices as a log's title names them: "rxe0 and rxe1, GID index 1". */
    String devicesTitle() {
        return serverDev + " and " + clientDev + (gid == null ? "" : ", GID index " + gid);
    }

    /** The facts "devices: SERVER CLIENT" and "gid: INDEX" (or "none"). */
    List<String> deviceFacts() {
        return List.of("devices: " + serverDev + " " + clientDev, "gid: " + (gid == null ? "none" : gid));
    }

    /** The title line, the facts bench/run.sh gathered, then the benchmark's own facts. */
    void header(String title, List<String> facts) {
        out.println("# " + title);
        String gathered = System.getenv("BENCH_FACTS");
        if (gathered != null && !gathered.isEmpty()) {
            out.println(gathered);
        }
        for (String fact : facts) {
            out.println("# " + fact);
        }
    }

    /** One line of the log: a run's, or a fact found on the way. */
    void line(String text) {
        ran = true;
        out.println(text);
    }

    /** Lines of the log, one per element. */
    void lines(List<String> texts) {
        texts.forEach(this::line);
    }

    /** A file of {@code bytes} random bytes in the scratch directory, named {@code name}. */
    Path randomFile(String name, long bytes) throws IOException {
        Path file = work.resolve(name);
        try (var random = Files.newInputStream(Path.of("/dev/urandom")); var out = Files.newOutputStream(file)) {
            byte[] chunk = new byte[1 << 20];
            for (long left = bytes; left > 0; left -= chunk.length) {
                int length = (int) Math.min(chunk.length, left);
                random.readNBytes(chunk, 0, length);
                out.write(chunk, 0, length);
            }
        }
        return file;
    }

    /** The log as written so far, for a driver that sizes a run from earlier ones. */
    RunLog sofar() throws IOException {
        out.flush();
        return RunLog.read(partial());
    }

    /** Where the log is written until the session is complete. */
    private Path partial() {
        return log.resolveSibling(log.getFileName() + ".new");
    }

    /** A word of progress for whoever watches the run (standard error, as "bench: ..."). */
    static void say(String what) {
        System.err.println("bench: " + what);
    }

    /** Moves the complete log into place and renders its section of docs/benchmarks.md. */
    void finish(Page page) throws IOException {
        out.close();
        Files.move(partial(), log, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        finished = true;
        page.render(new String[] {log.toString(), "docs/benchmarks.md"});
    }

    /**
     * Removes the scratch directory. A session that did not finish leaves its last complete log
     * alone and keeps what it ran before it failed, for whoever looks into why, as LOG.failed (or
     * nothing, where it had run nothing).
     */
    @Override
    public void close() {
        out.close();
        if (!finished) {
            Path failed = log.resolveSibling(log.getFileName() + ".failed");
            try {
                if (ran) {
                    Files.move(partial(), failed, StandardCopyOption.REPLACE_EXISTING);
                    say("the runs so far are in " + failed);
                } else {
                    Files.deleteIfExists(partial());
                }
            } catch (IOException e) {
                say("could not keep the runs so far: " + e.getMessage());
            }
        }
        try (var files = Files.walk(work)) {
            files.sorted((a, b) -> b.compareTo(a)).forEach(file -> file.toFile().delete());
        } catch (IOException e) {
            say("could not remove " + work + ": " + e.getMessage());
        }
    }

    /** The chapters' class path, as bench/run.sh found it. */
    static String chapters() {
        String classpath = System.getenv("BENCH_CHAPTERS");
        if (classpath == null || classpath.isEmpty()) {
            throw new IllegalStateException("BENCH_CHAPTERS is not set: start the benchmarks through bench/NAME.sh");
        }
        return classpath;
    }

    /** A Java program of the chapters, as a command: java, the chapters' class path, its main class and arguments. */
    static List<String> chapterProgram(String mainClass, String... args) {
        List<String> command = new ArrayList<>(List.of(java(), "-cp", chapters(), mainClass));
        command.addAll(Arrays.asList(args));
        return command;
    }

    /**
     * The java command the chapters run with: the JDK this driver runs on, which bench/run.sh chose
     * ({@code BENCH_JAVA_HOME}, for the appendix's benchmarks a JDK of 22 or later).
     */
    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** A report page's main: {@code LOG PAGE}. */
    interface Page {
        void render(String[] logAndPage) throws IOException;
    }

    /** A driver's session, from its start to its rendered page. */
    interface Body {
        void run() throws Exception;
    }

    /** Runs a driver's {@code body}; a failure ends the program with one line and status 1. */
    static void main(Body body) {
        try {
            body.run();
        } catch (Exception e) {
            say(e.getMessage() == null ? e.toString() : e.getMessage());
            System.exit(1);
        }
    }

    /** The whole number in environment variable {@code name} ("ROUNDS"), or {@code otherwise}. */
    static int env(String name, int otherwise) {
        String value = System.getenv(name);
        if (value == null || value.isEmpty()) {
            return otherwise;
        }
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " is " + value + ": give it a whole number");
        }
    }
}
