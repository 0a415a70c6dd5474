package rdma.bench.report;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a profiled run spent its CPU. perf sampled every CPU for a while in the middle of the run,
 * and the benchmark's driver logged (rdma.bench.run.Profiler.lines), after the words that name the run, the
 * percent of all samples that the tool's processes took in each place ({@code dso
 * [kernel.kallsyms] 48.90}), the part of the kernel's that read the lab's clock ({@code clock
 * 0.52}), and the percent each process name took ({@code comm swapper 48.56}, the idle task). The
 * places fall into the rows of the page's tables.
 */
public record Profile(Map<Place, Double> places, Map<String, Double> processes) {
    /** The rows, in the order the tables show them. */
    public enum Place {
        KERNEL("in the kernel"),
        CLOCK("of which reading the clock (`read_hpet`)"),
        JNA("JNA's dispatch (libjnidispatch, libffi)"),
        JIT("JIT-compiled Java"),
        JVM("the JVM itself (libjvm)"),
        LIBRARIES("the program and its libraries (libc, libibverbs, the provider)");

        final String label;

        Place(String label) {
            this.label = label;
        }

        /** The row a place named as perf names it falls into (the clock is not a place of its own). */
        static Place of(String dso) {
            if (dso.contains("kernel")) {
                return KERNEL;
            } else if (dso.startsWith("jna") || dso.startsWith("ffi") || dso.contains("jnidispatch")) {
                return JNA; // JNA unpacks libjnidispatch as jna<digits>.tmp, libffi's trampolines as ffi<letters>
            } else if (dso.startsWith("[JIT]")) {
                return JIT;
            } else if (dso.contains("libjvm")) {
                return JVM;
            }
            return LIBRARIES;
        }
    }

    /** The profile logged after the words {@code key} ("profile", "java"). */
    public static Profile of(RunLog log, String... key) {
        Map<Place, Double> places = new EnumMap<>(Place.class);
        for (Place place : Place.values()) {
            places.put(place, 0.0);
        }
        Map<String, Double> processes = new HashMap<>();
        for (RunLog.Run run : log.runs(key)) {
            List<String> rest = run.key().subList(key.length, run.key().size());
            switch (rest.get(0)) {
                case "dso" -> places.merge(Place.of(rest.get(1)), run.value(), Double::sum);
                case "clock" -> places.put(Place.CLOCK, run.value());
                case "comm" -> processes.merge(rest.get(1), run.value(), Double::sum);
                default -> throw new IllegalArgumentException("a profile line of no known kind: " + run.key());
            }
        }
        if (places.values().stream().allMatch(share -> share == 0)) {
            throw new IllegalArgumentException("the log has no profile after \"" + String.join(" ", key) + "\"");
        }
        return new Profile(places, processes);
    }

    /** Percent of all samples in {@code place}. */
    public double share(Place place) {
        return places.get(place);
    }

    /** Percent of all samples the tool's processes took, everywhere (the clock is inside the kernel's). */
    public double all() {
        return places.entrySet().stream().filter(entry -> entry.getKey() != Place.CLOCK).mapToDouble(Map.Entry::getValue).sum();
    }

    /** Percent of all samples the process named {@code name} took (swapper: the idle task). */
    public double process(String name) {
        return processes.getOrDefault(name, 0.0);
    }

    /**
     * usec of CPU a unit of work in {@code places} (everywhere, when none is named), for a run
     * that took {@code wallUsec} of wall time a unit on {@code cpus} CPUs.
     */
    public double usec(int cpus, double wallUsec, Place... places) {
        double share = places.length == 0 ? all() : 0;
        for (Place place : places) {
            share += share(place);
        }
        return usec(share, cpus, wallUsec);
    }

    /**
     * A share as microseconds of CPU per unit of work, over every CPU: a run that takes
     * {@code usecPerUnit} of wall time a unit had {@code cpus} times that of CPU.
     */
    public static double usec(double percent, int cpus, double usecPerUnit) {
        return percent / 100 * cpus * usecPerUnit;
    }

    /**
     * Two profiles side by side as a Markdown table in usec of CPU per unit, both sides: the first
     * column's header {@code unit} ("usec of CPU per message, both sides"), the tools' names, each
     * run's wall time a unit (the last row, named {@code lastRow}).
     */
    public static String table(String unit, int cpus, String cName, Profile c, double cUsec, String javaName, Profile java,
            double javaUsec, String lastRow) {
        StringBuilder table = new StringBuilder();
        table.append("| ").append(unit).append(" | ").append(cName).append(" | ").append(javaName).append(" |\n")
                .append("| --- | --- | --- |\n")
                .append(row("all of it", usec(c.all(), cpus, cUsec), usec(java.all(), cpus, javaUsec)));
        for (Place place : Place.values()) {
            table.append(row(place.label, usec(c.share(place), cpus, cUsec), usec(java.share(place), cpus, javaUsec)));
        }
        return table.append(String.format("| (%s) | %.2f | %.2f |%n", lastRow, cUsec, javaUsec)).toString();
    }

    private static String row(String label, double c, double java) {
        return String.format("| %s | %.1f | %.1f |%n", label, c, java);
    }
}
