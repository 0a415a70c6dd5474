package rdma.foreign.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import rdma.testsupport.Child;
import rdma.testsupport.ExternalCommand;
import rdma.testsupport.FreePorts;

/**
 * The programs on the null device (src/test/c/nulldev.c), which stands in for libibverbs
 * and completes work requests in memory: no RDMA device is needed, so this runs on every host
 * and proves the downcalls carry the right arguments (wrong ones crash the JVM, or lose or
 * corrupt a message, which -c catches). The program runs in a JVM of its own, whose
 * {@code jna.library.path} leads to the null device before the real libibverbs.
 */
class NullDeviceTest {
    private static final Path NULL_DEVICE = Path.of("target", "nulldev");

    @BeforeAll
    static void buildTheNullDevice() throws Exception {
        Files.createDirectories(NULL_DEVICE);
        ExternalCommand.output(List.of("gcc", "-O2", "-shared", "-fPIC", "-o", NULL_DEVICE.resolve("libibverbs.so").toString(),
                "src/test/c/nulldev.c", "-lpthread"), "install gcc and libibverbs-dev");
    }

    private static Child run(String... args) throws Exception {
        return Child.java(ForeignMain.class, List.of("--enable-native-access=ALL-UNNAMED",
                "-Djna.library.path=" + NULL_DEVICE.toAbsolutePath()), List.of(args));
    }

    @Test
    void bothSidesExchangeCheckedMessagesThroughTheDowncalls() throws Exception {
        try (Child demo = run("pingpong", "--demo", "-n", "20000", "-s", "4096", "-c", "-p", String.valueOf(FreePorts.next()))) {
            assertThat(demo.waitFor(120)).as(demo.output()).isZero();
            String output = demo.output();
            assertThat(output).startsWith("demo: server on null0, client on null0")
                    .contains("[server] 163840000 bytes in ", "[client] 20000 iters in ")
                    .doesNotContain("invalid data", "WARNING");
        }
    }

    @Test
    void oneReceiveAtATimeStillDeliversEveryMessage() throws Exception {
        try (Child demo = run("pingpong", "--demo", "-n", "5000", "-s", "64", "-r", "1", "-c", "-p", String.valueOf(FreePorts.next()))) {
            assertThat(demo.waitFor(120)).as(demo.output()).isZero();
            assertThat(demo.output()).contains("[server] 5000 iters in ", "[client] 5000 iters in ").doesNotContain("invalid data");
        }
    }

    /** Chapter 05's latency test: each side writes into the other's memory and watches its own for the answer. */
    @Test
    void theWriteLatencyTestLandsEveryMessage() throws Exception {
        try (Child demo = run("write", "--demo", "-n", "20000", "-s", "64", "-c", "-p", String.valueOf(FreePorts.next()))) {
            assertThat(demo.waitFor(120)).as(demo.output()).isZero();
            assertThat(demo.output()).contains("[server] 20000 iters in ", "[client] 20000 iters in ",
                    "[server] -c: all 63 bytes of the last message arrived intact").doesNotContain("WARNING");
        }
    }

    /** Chapter 05's bandwidth test, its target told by RDMA WRITE WITH IMMEDIATE, which takes a posted receive. */
    @Test
    void theWriteBandwidthTestLandsEveryByte() throws Exception {
        try (Child demo = run("write", "--demo", "--bw", "-n", "5000", "-s", "4096", "-c", "--notify", "imm", "-p",
                String.valueOf(FreePorts.next()))) {
            assertThat(demo.waitFor(120)).as(demo.output()).isZero();
            assertThat(demo.output()).contains("[server] target: 20480000 bytes arrived in 5000 messages by RDMA WRITE",
                    "imm_data 5000", "[server] -c: all 4096 bytes of the last message arrived intact");
        }
    }
}
