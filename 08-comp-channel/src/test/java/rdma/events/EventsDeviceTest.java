package rdma.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import rdma.devices.DeviceContext;
import rdma.queues.CompletionQueue;
import rdma.queues.Completions;
import rdma.queues.QueuePair;
import rdma.queues.SendFlag;
import rdma.testsupport.RequiresDevice;

/**
 * The rules of completion events, each shown on a real device: an event comes only for a
 * completion after the arm, solicited_only lets only solicited ones through, a waiter sleeps and
 * wakes, and a CQ with an event unacknowledged cannot be destroyed.
 */
@RequiresDevice
class EventsDeviceTest {
    @AfterEach
    void nothingIsLeftBehind() {
        assertThat(QueuePair.openCount()).as("QPs").isZero();
        assertThat(CompletionQueue.openCount()).as("CQs").isZero();
        assertThat(CompletionChannel.openCount()).as("channels").isZero();
        assertThat(DeviceContext.openCount()).as("contexts").isZero();
    }

    /**
     * Why a program polls again after arming: a completion that was already in the CQ raises no
     * event on soft-RoCE (some NICs raise one at once; polling after the arm is right for both).
     */
    @Test
    void aCompletionBeforeTheArmRaisesNoEvent() throws Exception {
        try (LoopbackPair pair = new LoopbackPair()) {
            pair.postReceive();
            pair.send(0);
            pair.arm(false);

            assertThat(pair.eventWithin(300)).as("an event for the completion that came before the arm").isFalse();
            assertThat(pair.pollReceiver()).as("the completion, there all along").isEqualTo(1);
        }
    }

    @Test
    void solicitedOnlyWakesForSolicitedSendsAlone() throws Exception {
        try (LoopbackPair pair = new LoopbackPair()) {
            pair.postReceive();
            pair.postReceive();
            pair.arm(true);

            pair.send(0);
            assertThat(pair.eventWithin(300)).as("an event for an unsolicited SEND").isFalse();
            assertThat(pair.pollReceiver()).isEqualTo(1);

            pair.send(SendFlag.IBV_SEND_SOLICITED.value());
            assertThat(pair.eventWithin(5_000)).as("an event for a solicited SEND").isTrue();
            pair.takeEvent();
            pair.acknowledge(1);
            assertThat(pair.pollReceiver()).isEqualTo(1);
        }
    }

    @Test
    void aWaiterSleepsUntilItsTimeoutThenWakesForACompletion() throws Exception {
        try (LoopbackPair pair = new LoopbackPair();
             EventWaiter waiter = new EventWaiter(pair.channel, pair.receiver.cq(), 0, false)) {
            Completions completions = new Completions(pair.receiver.cq(), 4, "receiver");
            long start = System.nanoTime();
            assertThat(waiter.await(completions, TimeUnit.MILLISECONDS.toNanos(300))).as("nothing to wait for").isZero();
            assertThat(System.nanoTime() - start).as("it waited its time out").isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(300));

            pair.postReceive();
            pair.send(0);
            assertThat(waiter.await(completions, TimeUnit.SECONDS.toNanos(5))).isEqualTo(1);
            assertThat(waiter.events()).as("the events it took").isLessThanOrEqualTo(1);
        }
    }

    /** The rule ibv_ack_cq_events exists for: a CQ with an event unacknowledged is never destroyed. */
    @Test
    void destroyingACqWithAnUnacknowledgedEventWaitsForEver() throws Exception {
        Path output = Files.createTempFile("unacked", ".txt");
        Process unacknowledged = probe(output, "no-ack");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.readString(output).contains("destroying the CQ")) {
            assertThat(unacknowledged.isAlive()).as(Files.readString(output)).isTrue();
            assertThat(System.nanoTime()).as("the probe reached the destroy").isLessThan(deadline);
            Thread.sleep(100);
        }

        assertThat(unacknowledged.waitFor(5, TimeUnit.SECONDS)).as("ibv_destroy_cq returned").isFalse();
        unacknowledged.destroyForcibly().waitFor();
        assertThat(Files.readString(output)).doesNotContain("destroyed");

        Path acknowledgedOutput = Files.createTempFile("acked", ".txt");
        Process acknowledged = probe(acknowledgedOutput, "ack");
        assertThat(acknowledged.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(Files.readString(acknowledgedOutput)).contains("destroying the CQ", "destroyed");
    }

    private static Process probe(Path output, String mode) throws Exception {
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), UnackedEventProbe.class.getName(), mode);
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
    }
}
