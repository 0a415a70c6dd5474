package rdma.errors.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import rdma.support.Cli;
import rdma.testsupport.Child;
import rdma.testsupport.LabDevices;
import rdma.testsupport.OptionalTool;
import rdma.testsupport.RequiresDevice;

/**
 * The Java {@code asyncwatch} beside rdma-core's {@code ibv_asyncwatch}, both watching one device
 * while its network link goes down and up and an address comes and goes: the same event lines,
 * in the same order. Needs root, to change the link (the lab has it).
 */
@RequiresDevice
class AsyncWatchDeviceTest {
    /** An address from TEST-NET-2 (RFC 5737), which nothing in the lab uses. */
    private static final String EXTRA_ADDRESS = "198.51.100.9/32";

    @Test
    void javaAndCPrintTheSameEventsForALinkThatFlapsAndAnAddressThatComesAndGoes() throws Exception {
        OptionalTool.require("ibv_asyncwatch", "apt-get install ibverbs-utils");
        String device = LabDevices.find().client();
        Link link = Link.of(device);

        ByteArrayOutputStream javaOut = new ByteArrayOutputStream();
        PrintStream print = new PrintStream(javaOut, true, StandardCharsets.UTF_8);
        CompletableFuture<Integer> java = CompletableFuture.supplyAsync(() ->
                Cli.run(ErrorsMain::new, new String[] {"asyncwatch", "-d", device, "--seconds", "20"}, print, print));
        try (Child c = Child.start(List.of("stdbuf", "-oL", "ibv_asyncwatch", "-d", device))) {
            c.awaitOutput("async event FD", 30);
            awaitText(javaOut, "async event FD");

            link.down();
            TimeUnit.SECONDS.sleep(1);
            link.up();
            link.ip("addr", "add", EXTRA_ADDRESS, "dev", link.netdev());
            TimeUnit.SECONDS.sleep(1);
            link.ip("addr", "del", EXTRA_ADDRESS, "dev", link.netdev());
            TimeUnit.SECONDS.sleep(2);

            List<String> cEvents = events(c.output());
            assertThat(java.get(60, TimeUnit.SECONDS)).isZero();
            List<String> javaEvents = events(javaOut.toString(StandardCharsets.UTF_8));
            assertThat(javaEvents).as("Java's events, beside C's %s", cEvents).isEqualTo(cEvents);
            assertThat(String.join("\n", javaEvents)).contains("event_type IBV_EVENT_PORT_ERR (10), port 1",
                    "event_type IBV_EVENT_PORT_ACTIVE (9), port 1", "event_type IBV_EVENT_GID_CHANGE (18), port 1");
        } finally {
            link.up();
        }
    }

    private static List<String> events(String output) {
        return output.lines().filter(line -> line.startsWith("  event_type ")).toList();
    }


    private static void awaitText(ByteArrayOutputStream out, String text) throws InterruptedException {
        for (int i = 0; i < 300 && !out.toString(StandardCharsets.UTF_8).contains(text); i++) {
            Thread.sleep(100);
        }
        assertThat(out.toString(StandardCharsets.UTF_8)).contains(text);
    }

}
