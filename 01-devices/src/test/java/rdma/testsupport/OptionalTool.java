package rdma.testsupport;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A program some tests compare against or build with that the README's install line does not
 * require (perftest's tools, a cross compiler). Where it is missing, such a test is skipped with
 * the line that installs it, unless the run demands everything ({@code -Drdma.required=true}, as
 * the lab and CI run): then it fails.
 */
public final class OptionalTool {
    private OptionalTool() {
    }

    /** Skips (or, where required, fails) the calling test unless {@code command} is on the PATH. */
    public static void require(String command, String installHint) {
        Prerequisite.require(onPath(command), command + " is not installed (" + installHint + ")");
    }

    static boolean onPath(String command) {
        for (String directory : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(directory.isEmpty() ? "." : directory, command);
            if (Files.isExecutable(candidate)) {
                return true;
            }
        }
        return false;
    }
}
