package rdma.pingpong;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import rdma.pingpong.waiting.Waiting;
import rdma.testsupport.Allocation;
import rdma.testsupport.FreePorts;
import rdma.testsupport.LabDevices;
import rdma.testsupport.Listening;
import rdma.testsupport.RequiresDevice;

/** The library's pingpong on a real device, measured from outside. */
@RequiresDevice
class PingpongDeviceTest {
    private static PingpongOptions options(String device, int port, int iters, String host) {
        PingpongOptions options = new PingpongOptions();
        options.connection.ibDev = device;
        options.connection.port = port;
        options.connection.host = host;
        options.iters = iters;
        options.size = 64;
        return options;
    }

    /** One client run of {@code iters} iterations in this thread, against a server in another. */
    private static void clientRun(int iters) throws Exception {
        LabDevices lab = LabDevices.find();
        int port = FreePorts.next();
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        PrintStream print = new PrintStream(output, true, StandardCharsets.UTF_8);
        CompletableFuture<Integer> server = CompletableFuture.supplyAsync(() ->
                new Pingpong(options(lab.server(), port, iters, null), Waiting.POLL, "server").run(false, print, print));
        // Waiting for the listener tries to connect as often as it takes: another thread does it, so the
        // count of this thread's allocations holds the runs' own alone.
        CompletableFuture.runAsync(() -> {
            try {
                Listening.await(port, 30_000);
            } catch (IOException | InterruptedException failed) {
                throw new IllegalStateException(failed);
            }
        }).get(60, TimeUnit.SECONDS);

        int status = new Pingpong(options(lab.client(), port, iters, "localhost"), Waiting.POLL, "client").run(false, print, print);

        assertThat(status).as(output.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(server.get(60, TimeUnit.SECONDS)).isZero();
        assertThat(output.toString(StandardCharsets.UTF_8)).contains(iters + " iters in ");
    }

    /** The client's loop creates no object: 4000 more iterations allocate less than 4000 bytes more. */
    @Test
    void theSteadyStateLoopAllocatesNothing() throws Exception {
        Allocation.assertLoopAllocatesNothing(PingpongDeviceTest::clientRun, 1000, 5000, "the client's loop");
    }
}
