package rdma.bench.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The "datapath" section of docs/benchmarks.md, from bench/datapath.sh's log: what one data-path
 * call costs from Java, route by route, on Java 17 and on a JDK of 22 or later, against the same
 * call from C. The log holds JMH's results, "score JDK BENCHMARK ns" and "error JDK BENCHMARK ns",
 * JDK "17" or "newer".
 *
 * <pre>java -cp ... rdma.bench.report.DataPathPage bench/logs/datapath.log docs/benchmarks.md</pre>
 */
public final class DataPathPage {
    /** The table's rows: what each route is, and its benchmark's name. */
    static final List<List<String>> ROUTES = List.of(
            List.of("JNA `Function.invokeInt` (public; copies its arguments)", "jnaFunctionInvokeInt"),
            List.of("JNA `Native.invokeInt` through a MethodHandle (package-private; chapter 04's first route)", "jnaNativeInvokeInt"),
            List.of("JNA direct mapping, `Pointer` arguments (`OPTION_SYMBOL_PROVIDER`)", "jnaDirectMappingPointer"),
            List.of("JNA direct mapping, `long` arguments", "jnaDirectMappingLong"),
            List.of("the chapters' `DataPath.ibv_poll_cq` (direct mapping, `Pointer`s)", "chaptersDataPath"),
            List.of("JDK `java.lang.foreign` downcall", "foreignDowncall"),
            List.of("JDK `java.lang.foreign` downcall, `critical(false)`", "foreignDowncallCritical"),
            List.of("reading one int: `Pointer.getInt`", "readIntPointer"),
            List.of("reading one int: direct `ByteBuffer.getInt`", "readIntByteBuffer"));

    private DataPathPage() {
    }

    public static void main(String[] args) throws IOException {
        Section.fromLog(args, "DataPathPage", log -> "datapath", DataPathPage::render);
    }

    /** The section's Markdown. */
    static String render(RunLog log) {
        String newer = log.facts().getOrDefault("newer jdk", "no JDK 22+ found");
        String floor = log.fact("c floor ns");
        StringBuilder page = new StringBuilder(String.format("""
                ## What one data-path call costs (host microbenchmark)

                Measured by `bench/datapath.sh` on %s, %s, %s CPUs, no RDMA device:
                every route calls the same C function, `int trivial(void *, int, void *)` (the shape of
                `ibv_poll_cq`), at an address read from a table of function pointers, as the data-path verbs
                are reached through `ibv_context.ops`. JMH, average time per call, 5 warm-up and 5 measured
                iterations of 1 s, one fork; ± is JMH's 99.9%% confidence interval. The C floor is the best of 5
                rounds of 200 million calls.

                | route | Java 17 (ns/call) | %s (ns/call) |
                | --- | --- | --- |
                | C, through the table (cfloor.c) | %s | %s |
                """, log.fact("date"), log.fact("machine"), log.fact("cpus"), newer, floor, floor));
        for (List<String> route : ROUTES) {
            page.append(String.format("| %s | %s | %s |%n", route.get(0), cell(log, "17", route.get(1)), cell(log, "newer", route.get(1))));
        }
        return page.append("""

                With `long` instead of `Pointer` arguments JNA saves about a tenth of a call; the chapters keep
                `Pointer`, which reads like the C signature. Below JNA's floor of about 100 ns (its own dispatch
                through libffi) only the JDK's `java.lang.foreign` goes, which needs Java 22.

                What it means for a message: one call is only part of one. The next section
                (`bench/nulldevice.sh`) runs whole messages, chapter 04's loop against C's on the null device,
                and projects them onto published NIC latencies. The lab cannot show any of this: there every
                instruction is emulated.

                To reproduce: `mvn -q install -DskipTests && bench/datapath.sh`.
                """).toString();
    }

    /** "111.2 ± 0.6", or "n/a" where that JDK did not run the benchmark (java.lang.foreign on Java 17). */
    private static String cell(RunLog log, String jdk, String benchmark) {
        List<RunLog.Run> score = log.runs("score", jdk, benchmark);
        List<RunLog.Run> error = log.runs("error", jdk, benchmark);
        if (score.isEmpty() || error.isEmpty()) {
            return "n/a";
        }
        return String.format("%.1f ± %.1f", score.get(0).value(), error.get(0).value());
    }
}
