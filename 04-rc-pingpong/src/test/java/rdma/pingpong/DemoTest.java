package rdma.pingpong;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import rdma.support.Cli;
import rdma.support.Demo;
import rdma.support.VerbsException;

/** Both sides in one JVM: the run fails when either side fails, however it fails. */
class DemoTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(Demo.Side server, Demo.Side client) {
        return Demo.run("04-rc-pingpong", new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), server, client);
    }

    /** A server that listens on a socket of its own, as a real one does, then says it is done. */
    private static final Demo.Side LISTENING_SERVER = (sideOut, listening) -> {
        try (java.net.ServerSocket listener = new java.net.ServerSocket(0)) {
            listening.accept(listener);
            sideOut.println("served");
        } catch (java.io.IOException unexpected) {
            throw new IllegalStateException(unexpected);
        }
    };

    @Test
    void bothSidesSucceeding() {
        assertThat(run(LISTENING_SERVER, (sideOut, ignored) -> sideOut.println("sent"))).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("[server] served", "[client] sent");
        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    /** An Error (a native library that does not load, say) fails the run as surely as a VerbsException. */
    @Test
    void aServerThatThrowsAnErrorBeforeItListensFailsTheRun() {
        int status = run((sideOut, listening) -> {
            throw new UnsatisfiedLinkError("Unable to load library 'ibverbs'");
        }, (sideOut, ignored) -> sideOut.println("never started"));

        assertThat(status).isEqualTo(Cli.VERBS_ERROR);
        assertThat(out.toString(StandardCharsets.UTF_8)).doesNotContain("never started");
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("UnsatisfiedLinkError: Unable to load library 'ibverbs'");
    }

    @Test
    void aClientThatThrowsAnErrorFailsTheRun() {
        int status = run(LISTENING_SERVER, (sideOut, ignored) -> {
            throw new AssertionError("a bug");
        });

        assertThat(status).isEqualTo(Cli.VERBS_ERROR);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("AssertionError: a bug");
    }

    @Test
    void aVerbsErrorIsOneLabelledLine() {
        int status = run(LISTENING_SERVER, (sideOut, ignored) -> {
            throw new VerbsException("ibv_open_device(rxe9)", "no such device", "Pick another");
        });

        assertThat(status).isEqualTo(Cli.VERBS_ERROR);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .isEqualTo("[client] 04-rc-pingpong: ibv_open_device(rxe9): no such device. Pick another\n");
    }
}
