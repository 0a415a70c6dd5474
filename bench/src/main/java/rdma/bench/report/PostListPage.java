package rdma.bench.report;

import java.io.IOException;
import java.util.List;

/**
 * The "post-list" section of docs/benchmarks.md, from bench/post-list.sh's log: chapter 05's
 * bandwidth test against ib_write_bw with the same {@code --post_list} on both sides, at each size
 * and list, and whether Java reaches the goal (0.9x of C with a list of 16 at 64 B).
 *
 * <pre>java -cp ... rdma.bench.report.PostListPage bench/logs/post-list.log docs/benchmarks.md</pre>
 */
public final class PostListPage {
    static final String SECTION = "post-list";
    static final double GOAL = 0.9;
    static final String GOAL_SIZE = "64";
    static final String GOAL_LIST = "16";

    private PostListPage() {
    }

    public static void main(String[] args) throws IOException {
        Section.fromLog(args, "PostListPage", log -> SECTION, PostListPage::render);
    }

    /** The section's Markdown. */
    static String render(RunLog log) {
        StringBuilder page = new StringBuilder();
        page.append("## Post lists against ib_write_bw\n\n")
                .append("Measured by `bench/post-list.sh` (").append(log.header()).append("): chapter 05's bandwidth test")
                .append(" (Java, JNA) and `ib_write_bw` (C), each against itself on the lab's two devices, with the same")
                .append(" `--post_list` on both sides and runs alternating, a round at a time. BW average in MB/sec")
                .append(" (perftest's MB, 2^20 bytes), the median of the rounds; Java / C is the median of each round's")
                .append(" own ratio, with the lowest and the highest.\n\n")
                .append("| size | list | C (MB/sec) | Java (MB/sec) | Java / C | rounds |\n")
                .append("| --- | --- | --- | --- | --- | --- |\n");
        for (String size : log.distinct("c", 1)) {
            for (String list : log.distinct("c", 2)) {
                List<Double> c = log.values("c", size, list);
                List<Double> java = log.values("java", size, list);
                page.append(String.format("| %s | %s | %.2f | %.2f | %.2fx | %s |%n", Pages.sizeName(size), list, Stats.median(c),
                        Stats.median(java), Stats.pairedMedian(java, c), Stats.ratioRange(java, c)));
            }
        }
        double atGoal = Stats.pairedMedian(log.values("java", GOAL_SIZE, GOAL_LIST), log.values("c", GOAL_SIZE, GOAL_LIST));
        double inMinuteRuns = Stats.pairedMedian(log.values("minute", "java", GOAL_SIZE, GOAL_LIST),
                log.values("minute", "c", GOAL_SIZE, GOAL_LIST));
        String one = log.distinct("c", 2).get(0);
        page.append(String.format("%nThe goal, Java at least %.1fx of `ib_write_bw` with a list of %s at %s: %s in runs of about a"
                + " minute (%.2fx, below), %s in these runs (%.2fx), whose first messages Java sends before the JIT has compiled"
                + " its loop.%n", GOAL, GOAL_LIST, Pages.sizeName(GOAL_SIZE), Pages.atLeast(GOAL, inMinuteRuns), inMinuteRuns,
                Pages.atLeast(GOAL, atGoal), atGoal))
                .append(String.format("What a list of %s buys each tool at %s, against a list of %s: C %.2fx, Java %.2fx"
                        + " (medians of the rounds' own ratios).%n", GOAL_LIST, Pages.sizeName(GOAL_SIZE), one,
                        gain(log, "c", one), gain(log, "java", one)))
                .append(minuteRuns(log))
                .append("\nTo reproduce: `mvn -q install -DskipTests && lab/run bench/post-list.sh`.\n");
        return page.toString();
    }

    /**
     * The goal's case again in runs of about a minute ("minute" in the log), where the JIT's
     * warm-up weighs little, and where each tool's CPU went in the first round's runs: what holds
     * Java back, measured.
     */
    private static String minuteRuns(RunLog log) {
        List<Double> c = log.values("minute", "c", GOAL_SIZE, GOAL_LIST);
        List<Double> java = log.values("minute", "java", GOAL_SIZE, GOAL_LIST);
        int cpus = Integer.parseInt(log.fact("cpus"));
        Profile cProfile = Profile.of(log, "profile", "c");
        Profile javaProfile = Profile.of(log, "profile", "java");
        // the profiled runs are round 1's
        double cUsec = usecPerMessage(c.get(0));
        double javaUsec = usecPerMessage(java.get(0));
        double cUser = Profile.usec(cProfile.all() - cProfile.share(Profile.Place.KERNEL), cpus, cUsec);
        double javaUser = Profile.usec(javaProfile.all() - javaProfile.share(Profile.Place.KERNEL), cpus, javaUsec);
        double cKernel = Profile.usec(cProfile.share(Profile.Place.KERNEL), cpus, cUsec);
        double javaKernel = Profile.usec(javaProfile.share(Profile.Place.KERNEL), cpus, javaUsec);
        StringBuilder text = new StringBuilder();
        text.append(String.format("%n### The goal's case in runs of about a minute%n%n"))
                .append(String.format("%s messages a run at %s with a list of %s, where the JIT's warm-up weighs little:"
                        + " C %.2f, Java %.2f MB/sec, Java / C %.2fx (%s).%n%n", log.fact("minute"), Pages.sizeName(GOAL_SIZE),
                        GOAL_LIST, Stats.median(c), Stats.median(java), Stats.pairedMedian(java, c), Stats.ratioRange(java, c)))
                .append("In the first round `perf` sampled every CPU for 8 s in the middle of each tool's run and counted each")
                .append(" sample of the tool's processes, both sides, by where it was (for Java its main threads', which run")
                .append(" the loop), here as microseconds of CPU a message; meanwhile it counted the client's system calls.\n\n")
                .append(Profile.table("usec of CPU per message, both sides", cpus, "`ib_write_bw`", cProfile, cUsec,
                        "`05-rdma-write`", javaProfile, javaUsec, "the run's usec per message"))
                .append(String.format("%nThe tools' processes took %.0f%% (C) and %.0f%% (Java) of all samples and the idle task"
                        + " %.0f%% and %.0f%%: of the lab's %d vCPUs one runs the test, and the other waits. On the busy one the kernel"
                        + " took %.1f usec a message under C and %.1f under Java: soft-RoCE doing both devices' work for every"
                        + " message (building, checksumming, sending, receiving and acknowledging its packets) in the kernel, within"
                        + " the tools' own processes (the samples carry their names). A list of 16 saves calls and"
                        + " doorbells%s but none of that work a message.%n",
                        cProfile.all(), javaProfile.all(), cProfile.process("swapper"), javaProfile.process("swapper"), cpus,
                        cKernel, javaKernel, syscalls(log, cUsec, javaUsec)))
                .append(whatHoldsJavaBack(javaUser - cUser, javaKernel - cKernel,
                        Profile.usec(javaProfile.share(Profile.Place.CLOCK), cpus, javaUsec)
                                - Profile.usec(cProfile.share(Profile.Place.CLOCK), cpus, cUsec),
                        javaUsec - cUsec, javaUser, cUser));
        return text.toString();
    }

    /** The difference in a message's cost, split into Java's own code and the kernel's work. */
    private static String whatHoldsJavaBack(double userMore, double kernelMore, double clockMore, double wallMore, double javaUser,
            double cUser) {
        if (wallMore <= 0) {
            return String.format("%nIn these runs Java took no longer a message than C.%n");
        }
        return String.format("%nWhat holds Java back here, then: its own code in user space (JIT-compiled Java, JNA's dispatch,"
                + " the JVM, the libraries) took %.1f usec a message against C's %.1f, %.1f more; the kernel's work took %.1f"
                + " usec %s a message under Java than under C (reading the clock %.1f of it), and the profile does not split"
                + " it further. Java's own code is %.0f%% of the %.1f usec a message that Java took beyond C in these runs.%n",
                javaUser, cUser, userMore, Math.abs(kernelMore), kernelMore < 0 ? "less" : "more", clockMore,
                100 * userMore / wallMore, wallMore);
    }

    /** Wall microseconds a message of a run at the goal's size that moved {@code mebibytesPerSecond}. */
    private static double usecPerMessage(double mebibytesPerSecond) {
        return Long.parseLong(GOAL_SIZE) / (mebibytesPerSecond * (1 << 20)) * 1e6;
    }

    /** " (C made 0.064 system calls a message, Java 0.070)", or nothing where the log has no count of them. */
    private static String syscalls(RunLog log, double cUsec, double javaUsec) {
        if (log.runs("syscalls").isEmpty()) {
            return "";
        }
        return String.format(" (C made %.3f system calls a message, Java %.3f)", syscallsPerMessage(log, "c", cUsec),
                syscallsPerMessage(log, "java", javaUsec));
    }

    /** The system calls a message of the profiled client of {@code tool} ("syscalls c 8 10702": 10702 in 8 s). */
    private static double syscallsPerMessage(RunLog log, String tool, double usecPerMessage) {
        List<RunLog.Run> counted = log.runs("syscalls", tool);
        if (counted.size() != 1 || counted.get(0).key().size() != 3) {
            throw new IllegalArgumentException("the log has no \"syscalls " + tool + " <seconds> <calls>\" line");
        }
        double seconds = Double.parseDouble(counted.get(0).key().get(2));
        return counted.get(0).value() / seconds * usecPerMessage / 1e6;
    }

    /** How much faster {@code tool} ran with the goal's list than with list {@code one}, at the goal's size. */
    private static double gain(RunLog log, String tool, String one) {
        return Stats.pairedMedian(log.values(tool, GOAL_SIZE, GOAL_LIST), log.values(tool, GOAL_SIZE, one));
    }
}
