package rdma.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

/** TCP ports no one listens on, for the tests' servers: the kernel picks them, so no two tests share one. */
public final class FreePorts {
    private FreePorts() {
    }

    /** A port that was free a moment ago: the kernel's choice for a socket bound to port 0, closed again. */
    public static int next() {
        try (ServerSocket probe = new ServerSocket(0)) {
            return probe.getLocalPort();
        } catch (IOException noPort) {
            throw new UncheckedIOException("finding a free TCP port", noPort);
        }
    }
}
