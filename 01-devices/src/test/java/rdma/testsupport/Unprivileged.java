package rdma.testsupport;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a chapter's program as the unprivileged user {@code nobody}, the way a learner without
 * root runs it: only inside the lab, where the tests run as root and may change the guest's own
 * files. The program gets a copy of this JVM's classpath that nobody can read, and its own
 * directory for JNA's native library.
 */
public final class Unprivileged {
    private Unprivileged() {
    }

    /** True inside the soft-RoCE lab, where these runs are allowed. */
    public static boolean available() {
        return "1".equals(System.getenv("RDMA_LAB"));
    }

    /**
     * Runs {@code mainClass} with {@code args} as nobody; {@code limits} go before the JVM (such as
     * {@code prlimit --memlock=65536:65536}). Returns the result, with the lab's "Picked up
     * JAVA_TOOL_OPTIONS" line removed from stderr.
     */
    public static ExternalCommand run(Class<?> mainClass, List<String> limits, String... args) throws IOException, InterruptedException {
        Path copy = Files.createTempDirectory("classpath");
        List<String> entries = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path source = Path.of(entry);
            Path target = copy.resolve(entries.size() + "-" + source.getFileName());
            copyTree(source, target);
            entries.add(target.toString());
        }
        Path jnaTemp = Files.createDirectories(copy.resolve("jna-tmp"));
        ExternalCommand.run(null, List.of("chmod", "-R", "a+rX", copy.toString()), "coreutils");
        ExternalCommand.run(null, List.of("chmod", "1777", jnaTemp.toString()), "coreutils");
        List<String> command = new ArrayList<>(List.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"));
        command.addAll(limits);
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djna.tmpdir=" + jnaTemp, "-cp", String.join(File.pathSeparator, entries), mainClass.getName()));
        command.addAll(List.of(args));
        ExternalCommand run = ExternalCommand.run(null, command, "apt-get install util-linux");
        String stderr = String.join("\n", run.stderr().lines().filter(line -> !line.startsWith("Picked up JAVA_TOOL_OPTIONS")).toList());
        return new ExternalCommand(run.exitCode(), run.stdout(), stderr.isEmpty() ? "" : stderr + "\n");
    }

    private static void copyTree(Path source, Path target) throws IOException {
        if (!Files.isDirectory(source)) {
            Files.copy(source, target);
            return;
        }
        try (var paths = Files.walk(source)) {
            for (Path path : paths.toList()) {
                Path destination = target.resolve(source.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(destination);
                } else {
                    Files.copy(path, destination);
                }
            }
        }
    }
}
