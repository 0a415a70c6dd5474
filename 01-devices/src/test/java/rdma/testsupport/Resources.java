package rdma.testsupport;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The RDMA resources this process holds, counted from outside the program, as an administrator
 * would: the kernel's own list ({@code rdma resource show}, iproute2), which names who holds
 * every QP, CQ, MR, PD, device context, SRQ and cm_id, and the process's open files, where each
 * device context, completion channel and RDMA CM event channel is a file descriptor. The kernel
 * names the thread that created a resource (its "pid" is the thread's id), and names none once
 * that thread has ended: a resource counts as this process's when one of its threads made it, or
 * when its maker is gone and it is not the kernel's own.
 */
public record Resources(Map<String, Integer> counts) {
    /** The kinds {@code rdma resource show} lists, in the order they are asked for. */
    static final List<String> KERNEL_KINDS = List.of("qp", "cq", "mr", "pd", "ctx", "srq", "cm_id");

    /** Now, for this process. */
    public static Resources ofThisProcess() {
        List<String> threads = threadIds();
        Map<String, Integer> counts = new LinkedHashMap<>();
        List<String> lines = rdmaResources();
        for (int i = 0; i < KERNEL_KINDS.size(); i++) {
            int ours = 0;
            for (String entry : ENTRY.split(lines.get(i))) {
                Matcher pid = PID.matcher(entry);
                boolean madeByUs = pid.find() ? threads.contains(pid.group(1)) : entry.contains("\"comm\"")
                        && !entry.contains("\"comm\":\"ib_core\"");
                ours += madeByUs ? 1 : 0;
            }
            counts.put(KERNEL_KINDS.get(i), ours);
        }
        counts.putAll(fileDescriptors());
        return new Resources(counts);
    }

    private static final Pattern ENTRY = Pattern.compile("\\},\\{");
    private static final Pattern PID = Pattern.compile("\"pid\":(\\d+)[,}]");

    /** The ids of this process's threads now. */
    private static List<String> threadIds() {
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            return tasks.map(task -> task.getFileName().toString()).toList();
        } catch (IOException unreadable) {
            throw new AssertionError("listing /proc/self/task", unreadable);
        }
    }

    /** How many of {@code kind} ("qp", "pd", "uverbs fd", ...). */
    public int count(String kind) {
        return counts.getOrDefault(kind, 0);
    }

    /** {@code rdma -j resource show} for each kind, in one run of the tool (its batch mode): one JSON array a line. */
    private static List<String> rdmaResources() {
        try {
            Process rdma;
            try {
                rdma = new ProcessBuilder("rdma", "-j", "-b", "-").redirectErrorStream(true).start();
            } catch (IOException missing) {
                throw new AssertionError("counting RDMA resources needs the rdma tool: apt-get install iproute2", missing);
            }
            try (OutputStream commands = rdma.getOutputStream()) {
                for (String kind : KERNEL_KINDS) {
                    commands.write(("resource show " + kind + "\n").getBytes(StandardCharsets.US_ASCII));
                }
            }
            String output = new String(rdma.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            List<String> lines = output.lines().filter(line -> line.startsWith("[")).toList();
            if (rdma.waitFor() != 0 || lines.size() != KERNEL_KINDS.size()) {
                throw new AssertionError("rdma -j -b - did not list " + KERNEL_KINDS + ": " + output);
            }
            return lines;
        } catch (IOException | InterruptedException failed) {
            throw new AssertionError("running rdma resource show", failed);
        }
    }

    /** This process's file descriptors on RDMA devices and channels, by what they point at. */
    private static Map<String, Integer> fileDescriptors() {
        Map<String, Integer> counts = new LinkedHashMap<>(Map.of("uverbs fd", 0, "rdma_cm fd", 0, "event fd", 0));
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            for (Path fd : fds.toList()) {
                String target;
                try {
                    target = Files.readSymbolicLink(fd).toString();
                } catch (IOException closedMeanwhile) {
                    continue;
                }
                if (target.startsWith("/dev/infiniband/uverbs")) {
                    counts.merge("uverbs fd", 1, Integer::sum);
                } else if (target.equals("/dev/infiniband/rdma_cm")) {
                    counts.merge("rdma_cm fd", 1, Integer::sum);
                } else if (target.equals("anon_inode:[infinibandevent]")) {
                    counts.merge("event fd", 1, Integer::sum);
                }
            }
        } catch (IOException unreadable) {
            throw new AssertionError("listing /proc/self/fd", unreadable);
        }
        return counts;
    }

}
