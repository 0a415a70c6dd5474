package rdma.bench.report;

import java.io.IOException;
import java.util.List;

/**
 * The "lab" section of docs/benchmarks.md, from bench/lab.sh's log: the lab's boot, each chapter's
 * demo, and where a JVM's start goes in the lab.
 *
 * <pre>java -cp ... rdma.bench.report.LabPage bench/logs/lab.log docs/benchmarks.md</pre>
 */
public final class LabPage {
    /** The steps bench/lab-starts.sh times, and what each is. */
    static final List<List<String>> STEPS = List.of(
            List.of("jvm", "`java -version`: a JVM alone"),
            List.of("maven", "`mvn -q -o -pl 04-rc-pingpong validate`: Maven's start and its model of the build"),
            List.of("program", "`bin/chapter 04-rc-pingpong --demo -n 1`: a program's start, one message"),
            List.of("learner", "`mvn -q -o -pl 04-rc-pingpong exec:java`: the learner's command"));
    /** The appendix's start, which bench/lab-starts.sh times where a JDK of 25 or later made its cache. */
    static final List<String> APPENDIX = List.of("appendix",
            "`bin/chapter appendix-ffm pingpong --demo -n 1`: the appendix's start, one message");

    private LabPage() {
    }

    public static void main(String[] args) throws IOException {
        Section.fromLog(args, "LabPage", log -> "lab", LabPage::render);
    }

    /** The section's Markdown. */
    static String render(RunLog log) {
        List<Double> boots = log.values("boot");
        List<RunLog.Run> demos = log.runs("demo");
        StringBuilder page = new StringBuilder(String.format("""
                ## The lab itself

                `bench/lab.sh`: `lab/run true`, which boots the guest, creates `rxe0` and `rxe1`, runs nothing
                and powers off, %d times on a host of %s CPUs with `%s` acceleration.

                | runs | median | each run, s |
                | ---: | ---: | --- |
                | %d | %.1f s | %s |

                Each chapter's demo, `mvn -q -o -pl <chapter> exec:java` with no arguments, timed inside one lab
                session (Maven and the JVM starting included, the boot not):

                """, boots.size(), log.fact("cpus"), log.fact("accel"), boots.size(), Stats.median(boots),
                seconds(boots)));
        page.append("| Chapter |");
        demos.forEach(demo -> page.append(' ').append(demo.key().get(1), 0, 2).append(" |"));
        page.append("\n| --- |");
        demos.forEach(demo -> page.append(" --- |"));
        page.append("\n| seconds |");
        demos.forEach(demo -> page.append(String.format(" %.0f |", demo.value())));
        page.append(String.format("""


                Where a start goes (`bench/lab-starts.sh`, inside one lab session, %d rounds): each step as the
                lab starts it (*lab*: the JVM options `%s`, every process at the same
                addresses, Maven started by `lab/mvn` with its classes from their archive, %s of the %s classes
                Maven loaded) and as it did *before* those (address-space randomization on, two JIT compiler
                threads, class-data archives relocated, JNA asking ldconfig for the library directories at each
                start, Maven started by its own script without an archive), alternating. The ratio is the median
                of each round's lab/before, with the rounds' range. The learner's command as a learner runs it,
                the first command of a fresh boot, has [a section of its own](#the-learners-command-then-and-now).

                | step | before | lab | lab/before |
                | --- | ---: | ---: | --- |
                """, log.values("start", "lab", "jvm").size(), log.fact("lab jvm options"),
                log.fact("maven classes from its archive"), log.fact("maven classes loaded")));
        STEPS.forEach(step -> page.append(row(log, step, "before", "lab")));
        page.append(String.format("""

                With the chapters' class-data archive: `bin/chapter` runs a chapter from the chapters' jars, with
                the archive `bin/class-data` made of their classes and the JDK's that a start loads, parsed and
                verified once (%s of the %s classes this start loaded came from it). *classes* is `bin/chapter`
                starting the same program without them (through `JAVA_HOME`, for which there is no archive),
                from the modules' `target/classes` with the JDK's own archive alone. The ratio is the median of
                each round's lab/classes, with the rounds' range.

                | step | classes | lab | lab/classes |
                | --- | ---: | ---: | --- |
                """, log.fact("program classes from the archive"), log.fact("program classes loaded")));
        page.append(row(log, STEPS.get(2), "classes", "lab"));
        if (!log.values("start", "lab", APPENDIX.get(0)).isEmpty()) {
            page.append(String.format("""

                    The appendix, on `%s`, starts from the JDK's own ahead-of-time cache, which `bin/class-data`
                    makes for a JDK of 25 or later: the classes of one training start, loaded and linked, with their
                    methods' profiles (%s of the %s classes this start loaded came from it). *classes* is
                    `bin/chapter` starting it without the cache, from the modules' `target/classes` with the JDK's
                    own archive alone.

                    | step | classes | lab | lab/classes |
                    | --- | ---: | ---: | --- |
                    """, log.fact("appendix jdk"), log.fact("appendix classes from its cache"),
                    log.fact("appendix classes loaded")));
            page.append(row(log, APPENDIX, "classes", "lab"));
        }
        return page.toString();
    }

    /** Each of {@code values}, to a tenth, in their order. */
    private static String seconds(List<Double> values) {
        return String.join(" ", values.stream().map(value -> String.format("%.1f", value)).toList());
    }

    /** A table row: {@code step} started as the set {@code base} and as the set {@code set}, and their paired ratio. */
    private static String row(RunLog log, List<String> step, String base, String set) {
        return Pages.secondsRow(step.get(1), log.values("start", base, step.get(0)), log.values("start", set, step.get(0)));
    }
}
