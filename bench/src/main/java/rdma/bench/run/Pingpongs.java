package rdma.bench.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The rounds of a pingpong benchmark, for ibv_rc_pingpong-like tools: every tool once a round, in
 * turn, so that the lab's drift hits them alike, each at N iterations and at 4N, each side on a CPU
 * of its own. rdma.bench.report.Stats.steady takes the steady state from the two runs.
 */
final class Pingpongs {
    /** "1000 iters in 0.04 seconds = 40.00 usec/iter", as rdma-core's examples and the chapters print it. */
    static final Pattern USEC = Pattern.compile(" = ([0-9.]+) usec/iter$", Pattern.MULTILINE);
    private static final Pattern MBIT = Pattern.compile(" = ([0-9.]+) Mbit/sec$", Pattern.MULTILINE);

    private Pingpongs() {
    }

    /** A tool as the log names it ("c", "java"), and its command. */
    record Tool(String name, List<String> command) {
    }

    /** The facts of a pingpong log (a list the caller may add to): its devices, its GID index and N at each size. */
    static List<String> facts(Session session, Map<Integer, Integer> iterations) {
        List<String> facts = new ArrayList<>(session.deviceFacts());
        iterations.forEach((size, n) -> facts.add("iterations " + size + ": " + n));
        return facts;
    }

    /**
     * {@code rounds} rounds at each size of {@code iterations} (size to N), as log lines
     * "short TOOL SIZE ROUND usec" and "long TOOL SIZE ROUND usec".
     */
    static void rounds(Session session, int rounds, List<Tool> tools, Map<Integer, Integer> iterations) {
        Pair pair = new Pair(session);
        iterations.forEach((size, n) -> {
            for (int round = 1; round <= rounds; round++) {
                for (Tool tool : tools) {
                    String shorter = usec(pair, session, tool.command(), size, n);
                    String longer = usec(pair, session, tool.command(), size, 4 * n);
                    Session.say("size " + size + " round " + round + " " + tool.name() + ": " + shorter
                            + " usec/iter, " + longer + " over 4 times as many iterations");
                    session.line("short " + tool.name() + " " + size + " " + round + " " + shorter);
                    session.line("long " + tool.name() + " " + size + " " + round + " " + longer);
                }
            }
        });
    }

    /** One run's usec/iter, its sides apart; a run whose client reported no usec/iter or Mbit/sec failed. */
    private static String usec(Pair pair, Session session, List<String> tool, int size, int iterations) {
        List<String> run = Perftest.with(tool, "-s", String.valueOf(size), "-n", String.valueOf(iterations));
        run = Pair.concat(run, session.gidArgs());
        Pair.Outcome outcome = pair.run(run, session.nextPort(), Pair.Placement.apart);
        Matcher usec = USEC.matcher(outcome.client());
        if (!usec.find() || !MBIT.matcher(outcome.client()).find()) {
            throw new IllegalStateException("a pingpong of " + size + " B failed:\n" + outcome.shown());
        }
        return usec.group(1);
    }
}
