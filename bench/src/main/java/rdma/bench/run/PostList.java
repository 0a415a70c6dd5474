package rdma.bench.run;

import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import rdma.bench.report.PostListPage;

/**
 * bench/post-list.sh: chapter 05's bandwidth test against ib_write_bw with the same --post_list (1,
 * 4 and 16) on both sides, at 64 B and 4 KiB, each tool against itself on the same two devices,
 * runs alternating a round at a time so that the lab's drift hits both alike. Last, the goal's case
 * (64 B, a list of 16) in runs of about a minute, where the JIT's warm-up weighs little, the first
 * round's runs profiled in their middle: where each tool's CPU goes, and its system calls. Records
 * bench/logs/post-list.log; {@link PostListPage} renders it.
 */
public final class PostList {
    /** A multiple of every list, as perftest requires; about 2 s of either tool at 64 B. */
    private static final int MESSAGES = 48000;
    /** Messages at 64 B with a list of 16: about a minute of either tool in the lab. */
    private static final int MINUTE = 1500000;

    private final Session session;
    private final Pair pair;
    private final List<String> java;
    private final List<String> c;

    private PostList(Session session) {
        this.session = session;
        this.pair = new Pair(session);
        this.java = Pair.concat(Session.chapterProgram("rdma.write.perf.RdmaWriteMain", "--bw"), session.gidArgs());
        this.c = Perftest.command(session, "ib_write_bw");
    }

    public static void main(String[] args) {
        Session.main(() -> {
            int rounds = Session.env("ROUNDS", 3);
            try (Session session = new Session(args, "bench/logs/post-list.log", 19100)) {
                if (!Profiler.canSampleAll(session.work)) {
                    throw new IllegalStateException("perf cannot sample every CPU here, and the profile needs it: run this in the lab");
                }
                int cpus = Runtime.getRuntime().availableProcessors();
                session.header(LocalDate.now(ZoneOffset.UTC) + ", " + Commands.output(List.of("uname", "-m")).strip() + ", " + cpus
                        + " CPUs, " + session.serverDev + " and " + session.clientDev + ", " + MESSAGES + " messages a run, " + rounds
                        + " rounds", List.of("cpus: " + cpus, "minute: " + MINUTE, "tool size list round MB/sec (perftest's BW average)"));
                PostList postList = new PostList(session);
                for (int size : List.of(64, 4096)) {
                    for (int list : List.of(1, 4, 16)) {
                        for (int round = 1; round <= rounds; round++) {
                            postList.round("", size, list, MESSAGES, round);
                        }
                    }
                }
                for (int round = 1; round <= rounds; round++) {
                    if (round == 1) {
                        postList.profiledRound();
                    } else {
                        postList.round("minute ", 64, 16, MINUTE, round);
                    }
                }
                session.finish(PostListPage::main);
            }
        });
    }

    /** One round of each tool at {@code size} with {@code list}: "KEYc SIZE LIST ROUND MB/sec" and "KEYjava ...". */
    private void round(String key, int size, int list, int messages, int round) {
        List<String> options = List.of("-s", String.valueOf(size), "-n", String.valueOf(messages), "--post_list", String.valueOf(list));
        String what = size + " B, list " + list + ", " + messages + " messages, round " + round;
        String cValue = Perftest.value(Perftest.retried(() -> pair.run(Pair.concat(c, options), session.nextPort())), "BW average", 4,
                what + ": C");
        String javaValue = Perftest.value(pair.run(Pair.concat(java, options), session.nextPort()), "BW average", 4, what + ": Java");
        Session.say(what + ": C " + cValue + ", Java " + javaValue + " MB/sec");
        session.line(key + "c " + size + " " + list + " " + round + " " + cValue);
        session.line(key + "java " + size + " " + list + " " + round + " " + javaValue);
    }

    /** Round 1 of the minute-long runs, each tool's run profiled: its log lines, "profile TOOL ...", "syscalls TOOL SECONDS CALLS". */
    private void profiledRound() {
        List<String> options = List.of("-s", "64", "-n", String.valueOf(MINUTE), "--post_list", "16");
        Path data = session.work.resolve("perf.data");
        Profiler.Profiled cRun = Retry.until(() -> Profiler.run(pair, data, Pair.concat(c, options), session.nextPort()),
                profiled -> Perftest.clockFailed(profiled.outcome().client()), Perftest.CLOCK_FAILED);
        session.lines(Profiler.lines(data, "ib_write_bw", "profile c"));
        session.line("syscalls c " + cRun.syscalls());
        Profiler.remove(data);
        Profiler.Profiled javaRun = Profiler.run(pair, data, Pair.concat(java, options), session.nextPort());
        session.lines(Profiler.lines(data, "java", "profile java"));
        session.line("syscalls java " + javaRun.syscalls());
        Profiler.remove(data);
        String what = "64 B, list 16, " + MINUTE + " messages, round 1, profiled";
        String cValue = Perftest.value(cRun.outcome(), "BW average", 4, what + ": C");
        String javaValue = Perftest.value(javaRun.outcome(), "BW average", 4, what + ": Java");
        Session.say(what + ": C " + cValue + ", Java " + javaValue + " MB/sec");
        session.line("minute c 64 16 1 " + cValue);
        session.line("minute java 64 16 1 " + javaValue);
    }
}
