package rdma.pingpong;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.ThreadMXBean;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import rdma.devices.Device;
import rdma.devices.DeviceContext;
import rdma.devices.DeviceList;
import rdma.memory.MemoryRegion;
import rdma.queues.QueuePair;
import rdma.queues.Waiting;
import rdma.testsupport.Listening;
import rdma.testsupport.RequiresDevice;

/** The library's pingpong on a real device, watched from outside through its observer. */
@RequiresDevice
class PingpongDeviceTest {
    private static final int PORT = 18590;

    @AfterEach
    void nothingIsLeftBehind() {
        assertThat(QueuePair.openCount()).as("QPs").isZero();
        assertThat(MemoryRegion.openCount()).as("MRs").isZero();
        assertThat(DeviceContext.openCount()).as("contexts").isZero();
    }

    private static PingpongOptions options(String device, int iters, String host) {
        PingpongOptions options = new PingpongOptions();
        options.connection.ibDev = device;
        options.connection.port = PORT;
        options.connection.host = host;
        options.iters = iters;
        options.size = 64;
        return options;
    }

    /**
     * The JVM's own per-thread allocation counter, read when the client has received half of its
     * messages and when it has received them all: the loop's steady state creates no object.
     */
    @Test
    void theSteadyStateLoopAllocatesNothing() throws Exception {
        List<Device> devices;
        String serverDevice;
        String clientDevice;
        try (DeviceList list = DeviceList.open()) {
            devices = list.devices();
            serverDevice = devices.get(0).name();
            clientDevice = devices.get(devices.size() > 1 ? 1 : 0).name();
        }
        int iters = 4000;
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        PrintStream print = new PrintStream(output, true, StandardCharsets.UTF_8);
        CompletableFuture<Integer> server = CompletableFuture.supplyAsync(() ->
                new Pingpong(options(serverDevice, iters, null), Waiting.POLL, "server").run(false, print, print));
        Listening.await(PORT, 30_000);
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long[] allocatedAt = new long[2];
        Pingpong client = new Pingpong(options(clientDevice, iters, "localhost"), Waiting.POLL, "client").observe(messages -> {
            if (messages == iters / 2) {
                allocatedAt[0] = threads.getCurrentThreadAllocatedBytes();
            } else if (messages == iters) {
                allocatedAt[1] = threads.getCurrentThreadAllocatedBytes();
            }
        });

        assertThat(client.run(false, print, print)).as(output.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(server.get(60, TimeUnit.SECONDS)).isZero();
        assertThat(allocatedAt[1] - allocatedAt[0])
                .as("bytes allocated by the client's loop over its last %d iterations", iters / 2)
                .isLessThan(iters / 2);
    }
}
