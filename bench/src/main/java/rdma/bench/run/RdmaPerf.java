package rdma.bench.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import rdma.bench.report.RdmaPerfPage;
import rdma.bench.report.RunLog;
import rdma.bench.report.Stats;

/**
 * bench/rdma-perf.sh: one-sided verbs against perftest, on the same devices in one session, runs
 * alternating so that drift hits both alike: chapter 05 against ib_write_lat and ib_write_bw
 * ("write"), chapter 06 against ib_read_lat and ib_read_bw ("read"), at 64 B, 4 KiB and 64 KiB;
 * for write, chapter 05's latency with IBV_SEND_INLINE and without; then, where perf can sample
 * every CPU, where a minute-long 64 B latency run of each tool spends its CPU. Records
 * bench/logs/rdma-VERB.log; {@link RdmaPerfPage} renders it.
 */
public final class RdmaPerf {
    private static final List<Integer> SIZES = List.of(64, 4096, 65536);
    private static final Map<String, Integer> ITERATIONS = Map.of("lat", 1000, "bw", 2000);
    /** perftest's latency table: t_typical is column 5 (t_avg 6); its bandwidth table: BW average is column 4. */
    private static final Map<String, String> HEADING = Map.of("lat", "t_typical", "bw", "BW average");
    private static final Map<String, Integer> COLUMN = Map.of("lat", 5, "bw", 4);

    private final Session session;
    private final Pair pair;
    private final String verb;
    private final List<String> java;
    /** What ib_write_lat sent inline at 64 B; Java sends the same (perftest sends nothing inline on a device it does not know). */
    private int cInline;

    private RdmaPerf(Session session, String verb) {
        this.session = session;
        this.pair = new Pair(session);
        this.verb = verb;
        String main = verb.equals("write") ? "rdma.write.perf.RdmaWriteMain" : "rdma.read.perf.RdmaReadMain";
        this.java = Pair.concat(Session.chapterProgram(main), session.gidArgs());
    }

    public static void main(String[] args) {
        Session.main(() -> {
            if (args.length < 1 || !(args[0].equals("write") || args[0].equals("read"))) {
                throw new IllegalArgumentException("the verb is write or read: bench/rdma-perf.sh write|read [server-dev client-dev gid-index]");
            }
            String verb = args[0];
            String log = "bench/logs/rdma-" + verb + ".log";
            int rounds = Session.env("ROUNDS", 5);
            try (Session session = new Session(List.of(args).subList(1, args.length).toArray(String[]::new), log,
                    verb.equals("write") ? 18800 : 18900)) {
                new RdmaPerf(session, verb).record(rounds);
                session.finish(RdmaPerfPage::main);
            }
        });
    }

    private void record(int rounds) throws Exception {
        List<String> facts = new ArrayList<>(List.of("verb: " + verb));
        facts.addAll(session.deviceFacts());
        facts.addAll(List.of("lat iters: " + ITERATIONS.get("lat"),
                        "bw iters: " + ITERATIONS.get("bw"), "test tool size round value (lat: t_typical usec; bw: BW average MB/sec)"));
        session.header("bench/rdma-perf.sh " + verb + ": " + session.devicesTitle() + ", " + rounds + " rounds", facts);
        for (String test : List.of("lat", "bw")) {
            for (int size : SIZES) {
                for (int round = 1; round <= rounds; round++) {
                    round(test, size, round);
                }
            }
        }
        if (verb.equals("write")) {
            for (int round = 1; round <= rounds; round++) {
                inlineRound(round);
            }
        }
        if (Profiler.canSampleAll(session.work)) {
            RunLog sofar = session.sofar();
            profile("c", median(sofar, "c"));
            profile("java", median(sofar, "java"));
        }
    }

    /** One round of {@code test} at {@code size}, C then Java: "TEST c SIZE ROUND value" and "TEST java ...". */
    private void round(String test, int size, int round) {
        String n = String.valueOf(ITERATIONS.get(test));
        Pair.Outcome cRun = Perftest.retried(() -> pair.run(Perftest.with(Perftest.command(session, "ib_" + verb + "_" + test),
                "-s", String.valueOf(size), "-n", n), session.nextPort()));
        String cValue = Perftest.value(cRun, HEADING.get(test), COLUMN.get(test), verb + " " + test + " " + size + " round " + round + ": C");
        List<String> javaTest = new ArrayList<>(java);
        if (test.equals("bw")) {
            javaTest.add("--bw");
        }
        if (verb.equals("write")) {
            int inline = Perftest.inlineOf(cRun.client());
            javaTest.addAll(List.of("-I", String.valueOf(inline)));
            if (test.equals("lat") && size == 64 && round == 1) {
                cInline = inline;
                session.line("# c inline: " + inline);
            }
        }
        Pair.Outcome javaRun = pair.run(Perftest.with(javaTest, "-s", String.valueOf(size), "-n", n), session.nextPort());
        String javaValue = Perftest.value(javaRun, HEADING.get(test), COLUMN.get(test), verb + " " + test + " " + size + " round " + round + ": Java");
        Session.say(verb + " " + test + " " + size + " round " + round + ": C " + cValue + ", Java " + javaValue);
        session.line(test + " c " + size + " " + round + " " + cValue);
        session.line(test + " java " + size + " " + round + " " + javaValue);
    }

    /** IBV_SEND_INLINE's effect, Java alone (C cannot show it where perftest turns inline off): "inline on|off 64 ROUND usec". */
    private void inlineRound(int round) {
        String on = Perftest.value(pair.run(Perftest.with(java, "-I", "64", "-s", "64", "-n", "1000"), session.nextPort()), "t_typical", 5,
                "write lat 64 inline round " + round + ", -I 64");
        String off = Perftest.value(pair.run(Perftest.with(java, "-I", "0", "-s", "64", "-n", "1000"), session.nextPort()), "t_typical", 5,
                "write lat 64 inline round " + round + ", -I 0");
        Session.say("write lat 64 inline round " + round + ": -I 64 " + on + ", -I 0 " + off + " usec");
        session.line("inline on 64 " + round + " " + on);
        session.line("inline off 64 " + round + " " + off);
    }

    /** This session's median 64 B t_typical of {@code tool}, usec. */
    private static double median(RunLog log, String tool) {
        return Stats.median(log.values("lat", tool, "64"));
    }

    /**
     * Where the CPU of a 64 B latency run of {@code tool} goes: a run of about a minute (its
     * iterations from {@code typical}, this session's median t_typical; a write's is half a round
     * trip), profiled in its middle. "profile TOOL ..." lines, and "wall TOOL usec", the run's mean
     * time a round trip.
     */
    private void profile(String tool, double typical) {
        int trips = verb.equals("write") ? 2 : 1;
        String n = String.valueOf((long) (60e6 / (typical * trips)));
        Path data = session.work.resolve("perf.data");
        Profiler.Profiled run;
        if (tool.equals("c")) {
            List<String> command = Perftest.with(Perftest.command(session, "ib_" + verb + "_lat"), "-s", "64", "-n", n);
            run = Retry.until(() -> Profiler.run(pair, data, command, session.nextPort()),
                    profiled -> Perftest.clockFailed(profiled.outcome().client()), Perftest.CLOCK_FAILED);
            session.lines(Profiler.lines(data, "ib_" + verb + "_lat", "profile c"));
        } else {
            List<String> command = new ArrayList<>(java);
            if (verb.equals("write")) {
                command.addAll(List.of("-I", String.valueOf(cInline)));
            }
            run = Profiler.run(pair, data, Perftest.with(command, "-s", "64", "-n", n), session.nextPort());
            session.lines(Profiler.lines(data, "java", "profile java"));
        }
        Profiler.remove(data);
        String average = Perftest.value(run.outcome(), "t_typical", 6, verb + " lat 64 profile of " + tool);
        Session.say(verb + " lat 64 profile of " + tool + ", " + n + " iterations, t_avg " + average + " usec");
        session.line(String.format(Locale.ROOT, "wall %s %.2f", tool, Double.parseDouble(average) * trips));
    }
}
