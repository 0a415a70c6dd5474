package rdma.bench.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import rdma.bench.report.CompChannelPage;
import rdma.bench.report.Stats;

/**
 * bench/comp-channel.sh: chapter 08's three ways to wait, measured in one session: the pingpong at
 * 64 B and 4 KiB in each mode next to ibv_rc_pingpong without and with -e (latency, and CPU time
 * per iteration of both sides; each run at N and 4N iterations; each side on a CPU of its own, and
 * at 64 B on events also both on one CPU and wherever the scheduler puts them), the file transfer
 * in each mode (CPU seconds of both sides), a pingpong server whose client stopped (its wait's CPU,
 * connected and idle), a receiver waiting for senders, and, where perf can sample every CPU, where
 * the CPU of a pingpong on events goes, C's and Java's. Records bench/logs/comp-channel.log;
 * {@link CompChannelPage} renders it.
 */
public final class CompChannel {
    /** "loop CPU: 0.812 s user+system for 5000 iterations", which chapter 08's pingpong prints on each side. */
    private static final Pattern LOOP_CPU = Pattern.compile("^loop CPU: ([0-9.]+) s ", Pattern.MULTILINE);
    private static final Pattern ITERS = Pattern.compile(" iters in .* seconds = ([0-9.]+) usec/iter");
    /** "file.bin: 1073741824 bytes in 41.52 s = ..." */
    private static final Pattern TRANSFER = Pattern.compile("^file\\.bin: [0-9]+ bytes in ([0-9.]+) s ", Pattern.MULTILINE);

    /**
     * The tools as the log names them: "c-e" is ibv_rc_pingpong -e; "c-poll-first-e" the same
     * paying for the usual way to wait with a timeout, a poll(2) before each read
     * (bench/src/main/c/poll-first.c, preloaded), which chapter 08's waiter made until its watchdog
     * took the timeout off the sleeping thread; "java-events" is 08's pingpong --wait events.
     */
    private static final List<String> TOOLS = List.of("c", "c-e", "c-poll-first-e", "java-poll", "java-events", "java-adaptive");

    private final Session session;
    private final Pair pair;
    private final int iterations;
    private final Path pollFirst;

    private CompChannel(Session session, int iterations) {
        this.session = session;
        this.pair = new Pair(session);
        this.iterations = iterations;
        this.pollFirst = session.work.resolve("poll-first.so");
    }

    public static void main(String[] args) {
        Session.main(() -> {
            int rounds = Session.env("ROUNDS", 5);
            int iterations = Session.env("ITERS", 5000);
            int mib = Session.env("MIB", 1024);
            try (Session session = new Session(args, "bench/logs/comp-channel.log", 19300)) {
                session.header("bench/comp-channel.sh: " + session.devicesTitle() + ", "
                        + rounds + " rounds of " + iterations + " and " + 4 * iterations + " iterations",
                        List.of("devices: " + session.serverDev + " " + session.clientDev, "iterations: " + iterations, "mib: " + mib));
                new CompChannel(session, iterations).record(rounds, mib);
                session.finish(CompChannelPage::main);
            }
        });
    }

    private void record(int rounds, int mib) throws Exception {
        if (Commands.status(List.of("gcc", "-O2", "-Wall", "-Wextra", "-shared", "-fPIC", "-o", pollFirst.toString(),
                "bench/src/main/c/poll-first.c", "-ldl")) != 0) {
            throw new IllegalStateException("gcc could not build bench/src/main/c/poll-first.c");
        }
        // Every round runs each tool once, one after another, so that the lab's drift weighs on every tool alike.
        for (int round = 1; round <= rounds; round++) {
            for (int size : List.of(64, 4096)) {
                for (String tool : TOOLS) {
                    measure(size, tool, Pair.Placement.apart, round);
                }
            }
            for (Pair.Placement placement : List.of(Pair.Placement.shared, Pair.Placement.free)) {
                for (String tool : List.of("c-e", "java-events")) {
                    measure(64, tool, placement, round);
                }
            }
        }
        transfers(mib);
        for (String tool : List.of("c", "c-e", "java-poll", "java-events", "java-adaptive")) {
            stoppedClient(tool);
        }
        for (String mode : List.of("poll", "events", "adaptive")) {
            idleReceiver(mode);
        }
        if (Profiler.canSampleAll(session.work)) {
            for (int size : List.of(64, 4096)) {
                profile("c-e", size);
                profile("java-events", size);
            }
        }
    }

    /** A tool's command, its options included ("c-e": ibv_rc_pingpong -e), with {@code c} for rdma-core's program. */
    private List<String> command(String tool, List<String> c) {
        return switch (tool) {
            case "c" -> c;
            case "c-e" -> Perftest.with(c, "-e");
            case "c-poll-first-e" -> Pair.concat(List.of("env", "LD_PRELOAD=" + pollFirst), Perftest.with(c, "-e"));
            default -> Session.chapterProgram("rdma.events.app.CompChannelMain", "pingpong", "--wait", tool.substring("java-".length()));
        };
    }

    /**
     * Tool {@code tool} at {@code size}, N and 4N iterations, its sides where {@code placement}
     * says: "usec short|long TOOL PLACEMENT SIZE ROUND usec/iter" and "cpu short|long ..." (CPU s per
     * 1000 iterations, both sides).
     */
    private void measure(int size, String tool, Pair.Placement placement, int round) {
        String[] shorter = pingpong(tool, size, iterations, placement);
        String[] longer = pingpong(tool, size, 4 * iterations, placement);
        Session.say("round " + round + ", pingpong " + size + " B, " + tool + ", sides " + placement + ": " + shorter[0] + " and "
                + longer[0] + " usec/iter, " + shorter[1] + " and " + longer[1] + " CPU s per 1000 iterations");
        String key = tool + " " + placement + " " + size + " " + round + " ";
        session.lines(List.of("usec short " + key + shorter[0], "usec long " + key + longer[0], "cpu short " + key + shorter[1],
                "cpu long " + key + longer[1]));
    }

    /**
     * One pingpong, each side under GNU time: {usec/iter, CPU seconds per 1000 iterations of both
     * sides}. For Java the CPU its loop used, which the program reports (its JVM's start is not the
     * pingpong's cost); for C all of it.
     */
    private String[] pingpong(String tool, int size, int n, Pair.Placement placement) {
        int port = session.nextPort();
        List<String> run = Pair.concat(command(tool, List.of("ibv_rc_pingpong")), session.gidArgs());
        run = Perftest.with(run, "-s", String.valueOf(size), "-n", String.valueOf(n));
        Path serverTime = session.work.resolve("server.time");
        Path clientTime = session.work.resolve("client.time");
        Pair.Outcome outcome = pair.run(port, ProcessCpu.timedCommand(serverTime, Pair.pinned(placement.cpus(true), pair.server(run, port))),
                ProcessCpu.timedCommand(clientTime, Pair.pinned(placement.cpus(false), pair.client(run, port))));
        Matcher usec = ITERS.matcher(outcome.client());
        if (!outcome.clientOk() || !usec.find()) {
            throw new IllegalStateException("the pingpong of " + tool + " at " + size + " B failed:\n" + outcome.shown());
        }
        double cpu;
        if (tool.startsWith("java")) {
            cpu = 0;
            Matcher loop = LOOP_CPU.matcher(outcome.server() + outcome.client());
            while (loop.find()) {
                cpu += Double.parseDouble(loop.group(1));
            }
        } else {
            cpu = ProcessCpu.timed(serverTime) + ProcessCpu.timed(clientTime);
        }
        return new String[] {usec.group(1), String.format(Locale.ROOT, "%.3f", cpu / n * 1000)};
    }

    /** The transfer of a file of {@code mib} MiB in each mode: seconds, and CPU of both processes, JVM starts included. */
    private void transfers(int mib) throws Exception {
        Session.say("writing a file of " + mib + " MiB of random bytes");
        Path file = session.randomFile("file.bin", (long) mib << 20);
        Path in = Files.createDirectories(session.work.resolve("in"));
        for (String mode : List.of("poll", "events", "adaptive")) {
            int port = session.nextPort();
            Files.deleteIfExists(in.resolve("file.bin"));
            Path serverTime = session.work.resolve("server.time");
            Path clientTime = session.work.resolve("client.time");
            List<String> transfer = Session.chapterProgram("rdma.events.app.CompChannelMain", "transfer", "--wait", mode);
            List<String> server = Pair.concat(transfer, List.of("--server", "--once", "--dir", in.toString(), "-d", session.serverDev, "-p",
                    String.valueOf(port)));
            List<String> client = Pair.concat(transfer, List.of("-d", session.clientDev, "-p", String.valueOf(port)));
            client = Pair.concat(Pair.concat(client, session.gidArgs()), List.of("127.0.0.1", file.toString()));
            Pair.Outcome outcome = pair.run(port, ProcessCpu.timedCommand(serverTime, Pair.concat(server, session.gidArgs())),
                    ProcessCpu.timedCommand(clientTime, client));
            Matcher seconds = TRANSFER.matcher(outcome.client());
            if (!outcome.clientOk() || !seconds.find()) {
                throw new IllegalStateException("the transfer with --wait " + mode + " failed:\n" + outcome.shown());
            }
            String cpu = String.format(Locale.ROOT, "%.1f", ProcessCpu.timed(serverTime) + ProcessCpu.timed(clientTime));
            Session.say("transfer, --wait " + mode + ": " + seconds.group(1) + " s, " + cpu + " CPU s");
            session.line("transfer seconds " + mode + " " + seconds.group(1));
            session.line("transfer cpu " + mode + " " + cpu);
        }
    }

    /**
     * A pingpong server connected and waiting: its client is stopped (SIGSTOP) mid-run, and the
     * server's CPU over 5 s is what its wait costs with nothing arriving (before its 10 s patience
     * ends): "stopped TOOL percent-of-a-core".
     */
    private void stoppedClient(String tool) {
        int port = session.nextPort();
        // C's output is a file here: line-buffered (stdbuf), or its address lines would come at its exit.
        List<String> run = Pair.concat(command(tool, List.of("stdbuf", "-oL", "ibv_rc_pingpong")), session.gidArgs());
        run = Perftest.with(run, "-n", "100000000");
        Pair.Running running = pair.start(port, pair.server(run, port), pair.client(run, port));
        // Until the client is connected (it printed the server's address; a JVM may take half a
        // minute to get there under emulation), then its loop runs for a while.
        for (int tenth = 0; tenth < 1200 && !Pair.read(pair.output("client")).contains("remote address"); tenth++) {
            Pair.pause(100);
        }
        Pair.pause(5000);
        signal("STOP", running.client.pid());
        Pair.pause(1000);
        long server = running.server.pid();
        String share = ProcessCpu.share(server, 5);
        Session.say("server of a stopped client, " + tool + ": state " + ProcessCpu.fields(ProcessCpu.stat(server))[0] + ", in "
                + ProcessCpu.wchan(server) + ", " + Pair.read(pair.output("client")).lines().count() + " lines from the client");
        running.client.destroyForcibly();
        running.server.destroyForcibly();
        Pair.ended(running.client, 1, TimeUnit.MINUTES);
        Pair.ended(running.server, 1, TimeUnit.MINUTES);
        Session.say("server of a stopped client, " + tool + ": " + share + "% of a core");
        session.line("stopped " + tool + " " + share);
    }

    /** A receiver waiting for senders: its CPU over 10 s, once it is listening: "idle MODE percent-of-a-core". */
    private void idleReceiver(String mode) {
        int port = session.nextPort();
        Process server = Pair.launch(Pair.concat(Session.chapterProgram("rdma.events.app.CompChannelMain", "transfer", "--server", "--wait",
                mode, "--dir", session.work.resolve("in").toString(), "-d", session.serverDev, "-p", String.valueOf(port)), session.gidArgs()),
                pair.output("server"));
        Pair.waitListening(port, server);
        Pair.pause(15000); // the JVM's start-up work (compiling what it ran first) goes on a while after it listens
        String share = ProcessCpu.share(server.pid(), 10);
        server.destroy();
        Pair.ended(server, 1, TimeUnit.MINUTES);
        Session.say("idle receiver, --wait " + mode + ": " + share + "% of a core");
        session.line("idle " + mode + " " + share);
    }

    /**
     * Where the CPU of a pingpong on events goes: perf samples every CPU for 8 s in the middle of a
     * run of about a minute (its length from the rounds' usec/iter of the longer runs), each side on
     * a CPU of its own, and each sample of the tool's processes (for Java, its main thread's: its
     * data loop) is logged by where it was: "profile TOOL SIZE ...", "wall TOOL SIZE usec/iter" and
     * "# profile iterations TOOL SIZE: n".
     */
    private void profile(String tool, int size) throws Exception {
        double typical = Stats.median(session.sofar().values("usec", "long", tool, "apart", String.valueOf(size)));
        long n = ((long) (60e6 / typical / 1000) + 1) * 1000;
        int port = session.nextPort();
        List<String> run = Pair.concat(command(tool, List.of("ibv_rc_pingpong")), session.gidArgs());
        run = Perftest.with(run, "-s", String.valueOf(size), "-n", String.valueOf(n));
        Path data = session.work.resolve("perf.data");
        Pair.Placement apart = Pair.Placement.apart;
        Profiler.Profiled profiled = Profiler.run(pair, data, port, Pair.pinned(apart.cpus(true), pair.server(run, port)),
                Pair.pinned(apart.cpus(false), pair.client(run, port)), false);
        Matcher usec = ITERS.matcher(profiled.outcome().client());
        if (!usec.find()) {
            throw new IllegalStateException("the profiled pingpong of " + tool + " at " + size + " B failed:\n" + profiled.outcome().shown());
        }
        Session.say("profile of " + tool + " at " + size + " B, " + n + " iterations: " + usec.group(1) + " usec/iter");
        session.line("# profile iterations " + tool + " " + size + ": " + n);
        session.line("wall " + tool + " " + size + " " + usec.group(1));
        session.lines(Profiler.lines(data, tool.startsWith("c") ? "ibv_rc_pingpong" : "java", "profile " + tool + " " + size));
        Profiler.remove(data);
    }

    /** Sends {@code signal} ("STOP") to process {@code pid}: Java has no call for it. */
    private static void signal(String signal, long pid) {
        Commands.status(List.of("kill", "-" + signal, String.valueOf(pid)));
    }
}
