package rdma.bench.run;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import rdma.bench.report.RpingPage;

/**
 * bench/rping.sh: chapter 09 against rdma-core's rping, on the same devices in one session,
 * alternating rounds: the time from a client's start to its connection's ESTABLISHED (each client
 * against C's server), and the time per validated ping at 64 B and 4 KiB (each client against its
 * own kind of server). Records bench/logs/rping.log; {@link RpingPage} renders it.
 */
public final class Rping {
    /** A line of the client's output and when it arrived, in nanoseconds since the epoch. */
    record Stamped(long nanos, String line) {
    }

    /**
     * Runs the command in its arguments with each line of its output stamped with the time it
     * arrived, in ns: by one small process (perl) that reads nothing but that pipe, so that the
     * stamping keeps up with the lines and never holds the client back.
     */
    private static final String STAMPED = "\"$@\" 2>&1 | perl -MTime::HiRes=time -ne 'printf \"%d %s\", time * 1e9, $_; $| = 1'";

    private final String serverIp;
    private final String clientIp;
    private final Session session;

    private Rping(Session session, String serverIp, String clientIp) {
        this.session = session;
        this.serverIp = serverIp;
        this.clientIp = clientIp;
    }

    public static void main(String[] args) {
        Session.main(() -> {
            String serverIp = args.length > 0 ? args[0] : "192.0.2.1";
            String clientIp = args.length > 1 ? args[1] : "192.0.2.2";
            int rounds = Session.env("ROUNDS", 5);
            int pings = Session.env("PINGS", 2000);
            try (Session session = new Session(new String[0], "bench/logs/rping.log", 7400)) {
                session.header("bench/rping.sh: server at " + serverIp + ", client from " + clientIp + ", " + rounds + " rounds, " + pings
                        + " pings a run", List.of("rdmacm-utils: " + Commands.output(List.of("dpkg-query", "-W", "-f", "${Version}",
                                "rdmacm-utils")).strip(), "addresses: " + serverIp + " " + clientIp, "pings: " + pings,
                                "connect TOOL ROUND ms (start to ESTABLISHED); cm TOOL ROUND ms (rdma_create_id to ESTABLISHED); ping TOOL SIZE ROUND us"));
                new Rping(session, serverIp, clientIp).record(rounds, pings);
                session.finish(RpingPage::main);
            }
        });
    }

    private void record(int rounds, int pings) {
        // The connection: each client against C's server, 1 ping, with -d (the events printed).
        for (int round = 1; round <= rounds; round++) {
            for (String kind : List.of("c", "java")) {
                String[] ms = run("c", kind, 1, 64, "-d").split(" ");
                Session.say("connect round " + round + ", " + kind + " client: " + ms[0] + " ms from start, " + ms[1]
                        + " ms from rdma_create_id, to ESTABLISHED");
                session.line("connect " + kind + " " + round + " " + ms[0]);
                session.line("cm " + kind + " " + round + " " + ms[1]);
            }
        }
        // The pings, with -v: from the first ping's line to the last, so that starting and connecting are left out.
        for (int size : List.of(64, 4096)) {
            for (int round = 1; round <= rounds; round++) {
                for (String kind : List.of("c", "java")) {
                    String us = run(kind, kind, pings, size, "-v");
                    Session.say("ping round " + round + ", " + size + " B, " + kind + ": " + us + " us/ping");
                    session.line("ping " + kind + " " + size + " " + round + " " + us);
                }
            }
        }
    }

    /** rping as a command: C's with its output line-buffered (a file is not a terminal), or chapter 09's. */
    private static List<String> tool(String kind) {
        return kind.equals("c") ? List.of("stdbuf", "-oL", "rping") : Session.chapterProgram("rdma.cm.rping.RpingMain");
    }

    /**
     * One client run against a server of kind {@code server} with a client of kind {@code client},
     * {@code count} pings of {@code size} bytes, with {@code flag}: what {@link #measure} makes of
     * the client's lines, each stamped as it arrived.
     */
    private String run(String server, String client, int count, int size, String flag) {
        int port = session.nextPort();
        Process serverProcess = Pair.launch(Pair.concat(tool(server), List.of("-s", "-a", serverIp, "-p", String.valueOf(port), "-S",
                String.valueOf(size), "-V")), session.work.resolve("server.txt"));
        waitCmListening(port, serverProcess);
        List<String> command = Pair.concat(tool(client), List.of("-c", "-a", serverIp, "-I", clientIp, "-p", String.valueOf(port), "-S",
                String.valueOf(size), "-C", String.valueOf(count), "-V", flag));
        Path output = session.work.resolve("client.txt");
        long start = epochNanos();
        Process clientProcess = Pair.launch(Pair.concat(List.of("bash", "-c", STAMPED, "stamped"), command), output);
        Pair.ended(clientProcess, Pair.CLIENT_MINUTES, TimeUnit.MINUTES);
        List<Stamped> lines = Pair.read(output).lines().map(Rping::stamped).toList();
        Pair.ended(serverProcess, Pair.CLIENT_MINUTES, TimeUnit.MINUTES);
        serverProcess.destroy();
        return measure(lines, start, flag).orElseThrow(() -> new IllegalStateException("rping " + flag + ", " + client + " client of a "
                + server + " server, " + size + " B, failed:\n" + String.join("\n", lines.stream().map(Stamped::line).toList()) + "\n"
                + Pair.read(session.work.resolve("server.txt"))));
    }

    /** A line as {@link #STAMPED} wrote it: "NANOS LINE". */
    static Stamped stamped(String line) {
        int space = line.indexOf(' ');
        return space < 0 ? new Stamped(Long.parseLong(line), "") : new Stamped(Long.parseLong(line.substring(0, space)), line.substring(space + 1));
    }

    private static long epochNanos() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    /**
     * With -d: "MS MS", the milliseconds from {@code start} to the line that says ESTABLISHED and
     * from the cm_id's creation to it (C prints "created cm_id", Java "rdma_create_id"). With -v:
     * "US", the microseconds a ping, from the first ping's line ("ping data: rdma-ping-N: ...",
     * which both print once ping N came back) to the last. Empty where the lines lack them.
     */
    static Optional<String> measure(List<Stamped> lines, long start, String flag) {
        Long created = null;
        Long established = null;
        Long first = null;
        long last = 0;
        int pings = 0;
        for (Stamped stamped : lines) {
            String line = stamped.line();
            if (created == null && (line.contains("created cm_id") || line.contains("rdma_create_id"))) {
                created = stamped.nanos();
            }
            if (established == null && line.contains("ESTABLISHED")) {
                established = stamped.nanos();
            }
            if (line.contains("ping data: rdma-ping-")) {
                first = first == null ? stamped.nanos() : first;
                last = stamped.nanos();
                pings++;
            }
        }
        if (flag.equals("-d")) {
            return created == null || established == null ? Optional.empty()
                    : Optional.of(String.format(Locale.ROOT, "%.1f %.1f", (established - start) / 1e6, (established - created) / 1e6));
        }
        return pings < 2 ? Optional.empty()
                : Optional.of(String.format(Locale.ROOT, "%.1f", (last - first) / 1e3 / (pings - 1)));
    }

    /** Until an rdma_cm identifier listens on {@code port} (iproute2's rdma tool lists them). */
    private static void waitCmListening(int port, Process server) {
        Pair.waitUntil(() -> Commands.output(List.of("rdma", "resource", "show", "cm_id")).lines()
                .anyMatch(line -> line.matches(".*LISTEN.*:" + port + " .*")), server, "an rdma_cm identifier on port " + port);
    }
}
