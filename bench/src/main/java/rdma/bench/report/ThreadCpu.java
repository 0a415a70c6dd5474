package rdma.bench.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where the CPU of a file transfer went, from the samples that bench/file-transfer.sh's driver
 * takes once a second while it runs (rdma.bench.run.CpuSampler): a line "sample", then the
 * machine's {@code /proc/stat}, then for each JVM its {@code /proc/PID/stat} line followed by its
 * threads' ({@code /proc/PID/task/TID/stat}), then "complete" where every JVM was still there. A line "transfer"
 * comes before the first sample taken once the sender started sending. From the first complete
 * sample after it to the last complete one: each side's main thread, its SHA-256 thread, its JIT
 * compilers and the rest of its JVM (GC, the VM's own threads, the watchers), then the machine's
 * busy time outside both JVMs, its idle time and its whole (CPUs x seconds), in CPU seconds. A
 * thread that ended between samples counts as it was last seen; what it did after that is in its
 * JVM's rest.
 */
public final class ThreadCpu {
    /** The fields, in the order the log has them. */
    public static final List<String> FIELDS = List.of("receiver-main", "receiver-sha256", "receiver-jit", "receiver-rest",
            "sender-main", "sender-sha256", "sender-jit", "sender-rest", "outside", "idle", "whole");

    private static final List<String> ROLES = List.of("main", "sha256", "jit");

    private ThreadCpu() {
    }

    /**
     * The user and system ticks (fields 14 and 15 of proc(5)) of a /proc/PID/stat line, counted
     * after the process's name, which may hold spaces.
     */
    public static long ticks(String statLine) {
        String[] after = statLine.substring(statLine.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(after[11]) + Long.parseLong(after[12]);
    }

    /** The CPU seconds of each of {@link #FIELDS}, from the samples' {@code lines}. */
    public static Map<String, Double> of(List<String> lines, String receiver, String sender, int ticksPerSecond) {
        List<String> sample = new ArrayList<>();
        boolean transferring = false;
        Complete first = null;
        Complete last = null;
        Map<String, Long> threadTicks = new HashMap<>(); // as each thread was last seen
        Map<String, String> threadKind = new HashMap<>();
        for (String line : lines) {
            String word = line.split(" ", 2)[0];
            if (word.equals("transfer")) {
                transferring = true;
            } else if (word.equals("sample")) {
                sample.clear();
            } else if (word.equals("complete") && transferring) {
                last = new Complete(sample, receiver, sender);
                threadTicks.putAll(last.threadTicks);
                threadKind.putAll(last.threadKind);
                if (first == null) {
                    first = last;
                }
            } else if (word.equals("cpu") || word.matches("[0-9]+")) {
                sample.add(line);
            }
        }
        if (first == null) {
            throw new IllegalArgumentException("no complete sample after the line \"transfer\"");
        }
        Map<String, Long> used = new HashMap<>(); // by "PID role"
        Complete start = first;
        threadTicks.forEach((thread, ticks) -> used.merge(threadKind.get(thread),
                ticks - start.threadTicks.getOrDefault(thread, 0L), Long::sum));
        return fields(first, last, used, receiver, sender, ticksPerSecond);
    }

    private static Map<String, Double> fields(Complete first, Complete last, Map<String, Long> used, String receiver,
            String sender, int hz) {
        Map<String, Double> seconds = new LinkedHashMap<>();
        for (String side : List.of(receiver, sender)) {
            String name = side.equals(receiver) ? "receiver" : "sender";
            long named = 0;
            for (String role : ROLES) {
                long ticks = used.getOrDefault(side + " " + role, 0L);
                named += ticks;
                seconds.put(name + "-" + role, (double) ticks / hz);
            }
            seconds.put(name + "-rest", (double) (last.jvmTicks(side) - first.jvmTicks(side) - named) / hz);
        }
        long whole = 0;
        long idle = 0;
        for (int field = 0; field < 8; field++) { // user nice system idle iowait irq softirq steal
            long ticks = last.machine[field] - first.machine[field];
            whole += ticks;
            if (field == 3 || field == 4) {
                idle += ticks;
            }
        }
        long jvms = last.jvmTicks(receiver) - first.jvmTicks(receiver) + last.jvmTicks(sender) - first.jvmTicks(sender);
        seconds.put("outside", (double) (whole - idle - jvms) / hz);
        seconds.put("idle", (double) idle / hz);
        seconds.put("whole", (double) whole / hz);
        return seconds;
    }

    /** One complete sample: the machine's ticks, each JVM's, and each thread's with its JVM and role. */
    private static final class Complete {
        final long[] machine = new long[8];
        final Map<String, Long> jvm = new HashMap<>();
        final Map<String, Long> threadTicks = new HashMap<>();
        final Map<String, String> threadKind = new HashMap<>();

        Complete(List<String> lines, String receiver, String sender) {
            String owner = "";
            for (String line : lines) {
                String id = line.split(" ", 2)[0];
                if (id.equals("cpu")) {
                    String[] fields = line.trim().split("\\s+");
                    for (int i = 0; i < machine.length; i++) {
                        machine[i] = Long.parseLong(fields[i + 1]);
                    }
                } else if ((id.equals(receiver) || id.equals(sender)) && !id.equals(owner)) {
                    owner = id; // a JVM's own line; its threads follow, the first of them its main thread
                    jvm.put(owner, ticks(line));
                } else {
                    threadTicks.put(id, ticks(line));
                    threadKind.put(id, owner + " " + role(line));
                }
            }
        }

        long jvmTicks(String pid) {
            return jvm.getOrDefault(pid, 0L);
        }

        /** utime + stime: fields 14 and 15 of a stat line, counted after the name in parentheses, which may hold spaces. */

        private static String role(String line) {
            String name = line.substring(line.indexOf('(') + 1, line.lastIndexOf(')'));
            if (name.equals("java")) {
                return "main";
            }
            return name.endsWith("-sha256") ? "sha256" : name.matches("C[12] CompilerThre.*") ? "jit" : "rest";
        }
    }
}
