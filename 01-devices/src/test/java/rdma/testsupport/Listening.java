package rdma.testsupport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Waits until some process listens on a TCP port, as read from /proc/net/tcp and tcp6. */
public final class Listening {
    private static final String LISTEN = "0A";

    private Listening() {
    }

    public static void await(int port, long timeoutMillis) throws IOException, InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (!listening(port)) {
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("nothing listens on port " + port + " after " + timeoutMillis + " ms");
            }
            Thread.sleep(50);
        }
    }

    public static boolean listening(int port) throws IOException {
        String hexPort = String.format(":%04X", port);
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            for (String line : Files.readAllLines(Path.of(table))) {
                String[] fields = line.trim().split("\\s+");
                if (fields.length > 3 && fields[1].endsWith(hexPort) && fields[3].equals(LISTEN)) {
                    return true;
                }
            }
        }
        return false;
    }
}
