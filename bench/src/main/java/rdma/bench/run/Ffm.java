package rdma.bench.run;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import rdma.bench.report.FfmPingpongPage;
import rdma.bench.report.FfmWritePage;
import rdma.bench.run.Pingpongs.Tool;

/**
 * bench/ffm-pingpong.sh and bench/ffm-write.sh: the appendix's java.lang.foreign data path against
 * the chapters' JNA one and C, on a JDK of 22 or later (the one this driver runs on), on the same
 * devices in one session, runs alternating. "pingpong": ibv_rc_pingpong, chapter 04 and the
 * appendix's pingpong ({@link Pingpongs}); "write": ib_write_lat, chapter 05's latency test and the
 * appendix's, each Java sending inline what C did. Records bench/logs/ffm-pingpong.log or
 * ffm-write.log; {@link FfmPingpongPage} and {@link FfmWritePage} render them.
 */
public final class Ffm {
    private Ffm() {
    }

    public static void main(String[] args) {
        Session.main(() -> {
            if (args.length < 1 || !(args[0].equals("pingpong") || args[0].equals("write"))) {
                throw new IllegalArgumentException("give the benchmark: pingpong or write");
            }
            String[] devices = Arrays.copyOfRange(args, 1, args.length);
            if (args[0].equals("pingpong")) {
                pingpong(devices);
            } else {
                write(devices);
            }
        });
    }

    /** The appendix's program, {@code verb} ("pingpong", "write") of its ForeignMain. */
    private static List<String> foreign(String verb) {
        return List.of(Session.java(), "--enable-native-access=ALL-UNNAMED", "-cp", "appendix-ffm/target/classes:" + Session.chapters(),
                "rdma.foreign.app.ForeignMain", verb);
    }

    private static List<Integer> sizes() {
        String sizes = System.getenv("SIZES");
        return Arrays.stream((sizes == null || sizes.isBlank() ? "64 4096" : sizes).trim().split("\\s+")).map(Integer::valueOf).toList();
    }

    private static String jdkFact() {
        return "jdk: " + System.getProperty("java.version");
    }

    private static void pingpong(String[] devices) throws Exception {
        int rounds = Session.env("ROUNDS", 7);
        try (Session session = new Session(devices, "bench/logs/ffm-pingpong.log", 18900)) {
            Map<Integer, Integer> iterations = new TreeMap<>();
            Map<Integer, Integer> known = Map.of(64, 10000, 4096, 3000);
            for (int size : sizes()) {
                iterations.put(size, known.getOrDefault(size, 3000));
            }
            List<String> facts = Pingpongs.facts(session, iterations);
            facts.add(0, jdkFact());
            session.header("bench/ffm-pingpong.sh: " + session.devicesTitle() + ", "
                    + rounds + " rounds", facts);
            session.line("# run tool size round usec/iter (short: N iterations, long: 4N)");
            Pingpongs.rounds(session, rounds, List.of(new Tool("c", List.of("ibv_rc_pingpong")),
                    new Tool("jna", Session.chapterProgram("rdma.pingpong.rc.RcPingpongMain")), new Tool("ffm", foreign("pingpong"))),
                    iterations);
            session.finish(FfmPingpongPage::main);
        }
    }

    private static void write(String[] devices) throws Exception {
        int rounds = Session.env("ROUNDS", 7);
        int writes = Session.env("ITERS", 5000);
        try (Session session = new Session(devices, "bench/logs/ffm-write.log", 19100)) {
            List<String> facts = new ArrayList<>(List.of(jdkFact()));
            facts.addAll(session.deviceFacts());
            facts.addAll(List.of("writes: " + writes, "typical|average TOOL SIZE ROUND usec (the client's t_typical, t_avg)"));
            session.header("bench/ffm-write.sh: " + session.devicesTitle() + ", " + rounds + " rounds of " + writes + " writes", facts);
            List<String> c = Perftest.command(session, "ib_write_lat");
            Map<String, List<String>> java = Map.of("jna", Pair.concat(Session.chapterProgram("rdma.write.perf.RdmaWriteMain"),
                    session.gidArgs()), "ffm", Pair.concat(foreign("write"), session.gidArgs()));
            Pair pair = new Pair(session);
            for (int size : sizes()) {
                for (int round = 1; round <= rounds; round++) {
                    List<String> options = List.of("-s", String.valueOf(size), "-n", String.valueOf(writes));
                    Pair.Outcome cRun = Perftest.retried(() -> pair.run(Pair.concat(c, options), session.nextPort()));
                    record(session, "c", size, round, cRun);
                    String inline = String.valueOf(Perftest.inlineOf(cRun.client()));
                    for (String tool : List.of("jna", "ffm")) {
                        List<String> command = Perftest.with(Pair.concat(java.get(tool), options), "-I", inline);
                        record(session, tool, size, round, pair.run(command, session.nextPort()));
                    }
                }
            }
            session.finish(FfmWritePage::main);
        }
    }

    /** A write latency run's "typical TOOL SIZE ROUND usec" and "average ..." (the client's t_typical and t_avg). */
    private static void record(Session session, String tool, int size, int round, Pair.Outcome run) {
        String what = "size " + size + " round " + round + " " + tool;
        String typical = Perftest.value(run, "t_typical", 5, what);
        String average = Perftest.value(run, "t_typical", 6, what);
        Session.say(what + ": t_typical " + typical + ", t_avg " + average + " usec");
        session.line("typical " + tool + " " + size + " " + round + " " + typical);
        session.line("average " + tool + " " + size + " " + round + " " + average);
    }
}
