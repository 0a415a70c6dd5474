package rdma.bench.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import rdma.bench.report.AtomicsPage;

/**
 * bench/atomics.sh: chapter 10 against perftest's ib_atomic_lat and ib_atomic_bw, both atomic
 * types, on the same devices in one session, runs alternating so that drift hits both alike; then
 * the chapter's shared counter with 1, 2 and 4 clients. Records bench/logs/atomics.log;
 * {@link AtomicsPage} renders it.
 */
public final class Atomics {
    private static final Map<String, Integer> ITERATIONS = Map.of("lat", 1000, "bw", 5000);
    /** perftest's latency table: t_typical is column 5; its bandwidth table: MsgRate (Mpps) is column 5. */
    private static final Map<String, String> HEADING = Map.of("lat", "t_typical", "bw", "BW average");
    private static final int COLUMN = 5;
    /** "  together: 20000 FETCH_AND_ADDs in 0.58 s, 34519 a second" */
    private static final Pattern TOGETHER = Pattern.compile("^  together: .*, ([0-9]+) a second$", Pattern.MULTILINE);

    private Atomics() {
    }

    public static void main(String[] args) {
        Session.main(() -> {
            int rounds = Session.env("ROUNDS", 5);
            try (Session session = new Session(args, "bench/logs/atomics.log", 19000)) {
                List<String> facts = new ArrayList<>(session.deviceFacts());
                facts.addAll(List.of("lat iters: " + ITERATIONS.get("lat"), "bw iters: " + ITERATIONS.get("bw"),
                        "counter iters: " + ITERATIONS.get("bw"),
                        "test tool type round value (lat: t_typical usec; bw: MsgRate Mpps); counter java clients round a-second"));
                session.header("bench/atomics.sh: " + session.devicesTitle() + ", " + rounds + " rounds", facts);
                Pair pair = new Pair(session);
                for (String test : List.of("lat", "bw")) {
                    for (String type : List.of("FETCH_AND_ADD", "CMP_AND_SWAP")) {
                        for (int round = 1; round <= rounds; round++) {
                            round(session, pair, test, type, round);
                        }
                    }
                }
                for (int round = 1; round <= rounds; round++) {
                    for (int clients : List.of(1, 2, 4)) {
                        counter(session, clients, round);
                    }
                }
                session.finish(AtomicsPage::main);
            }
        });
    }

    /** One round of {@code test} with atomic {@code type}, C then Java: "TEST c TYPE ROUND value" and "TEST java ...". */
    private static void round(Session session, Pair pair, String test, String type, int round) {
        String n = String.valueOf(ITERATIONS.get(test));
        List<String> c = Perftest.command(session, "ib_atomic_" + test);
        String what = "atomics " + test + " " + type + " round " + round;
        String cValue = Perftest.value(Perftest.retried(() -> pair.run(Perftest.with(c, "-A", type, "-n", n), session.nextPort())),
                HEADING.get(test), COLUMN, what + ": C");
        List<String> java = Pair.concat(Session.chapterProgram("rdma.atomics.perf.AtomicMain"), session.gidArgs());
        if (test.equals("bw")) {
            java = Perftest.with(java, "--bw");
        }
        String javaValue = Perftest.value(pair.run(Perftest.with(java, "-A", type, "-n", n), session.nextPort()), HEADING.get(test),
                COLUMN, what + ": Java");
        Session.say(what + ": C " + cValue + ", Java " + javaValue);
        session.line(test + " c " + type + " " + round + " " + cValue);
        session.line(test + " java " + type + " " + round + " " + javaValue);
    }

    /** One run of the shared counter with {@code clients} clients: "counter java CLIENTS ROUND a-second". */
    private static void counter(Session session, int clients, int round) {
        String output = Commands.outputAndErrors(Session.chapterProgram("rdma.atomics.perf.AtomicMain", "--clients", String.valueOf(clients),
                "-n", String.valueOf(ITERATIONS.get("bw")), "-p", "19500"));
        Matcher rate = TOGETHER.matcher(output);
        if (!rate.find()) {
            throw new IllegalStateException("atomics counter " + clients + " clients round " + round + " failed:\n" + output);
        }
        Session.say("atomics counter " + clients + " clients round " + round + ": " + rate.group(1) + " a second");
        session.line("counter java " + clients + " " + round + " " + rate.group(1));
    }
}
