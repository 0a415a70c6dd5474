package rdma.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.jna.Native;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import rdma.events.timeouts.Alarm;
import rdma.queues.Completions;
import rdma.queues.c.SendFlag;
import rdma.support.Errno;
import rdma.support.VerbsException;
import rdma.testsupport.Child;
import rdma.testsupport.RequiresDevice;

/**
 * The rules of completion events, each shown on a real device: an event comes only for a
 * completion after the arm, solicited_only lets only solicited ones through, a waiter sleeps and
 * wakes, and a CQ with an event unacknowledged cannot be destroyed.
 */
@RequiresDevice
class EventsDeviceTest {
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

    /**
     * A waiter's sleep has no timeout of its own (a read of the channel's fd): its alarm ends it,
     * twice in a row here, so the alarm is set again after each ring; then a completion that
     * arrives while it sleeps wakes it, with one event of its CQ.
     */
    @Test
    void aWaiterSleepsUntilItsTimeoutThenWakesForACompletion() throws Exception {
        try (LoopbackPair pair = new LoopbackPair();
             EventWaiter waiter = new EventWaiter(pair.channel, pair.receiver.cq(), 0, false)) {
            Completions completions = new Completions(pair.receiver.cq(), 4, "receiver");
            long timeout = TimeUnit.MILLISECONDS.toNanos(300);
            for (int sleep = 1; sleep <= 2; sleep++) {
                long start = System.nanoTime();
                assertThat(waiter.await(completions, timeout)).as("sleep %d: nothing to wait for", sleep).isZero();
                long slept = System.nanoTime() - start;
                assertThat(slept).as("sleep %d waited its time out", sleep).isGreaterThanOrEqualTo(timeout);
                assertThat(slept).as("sleep %d ended soon after (a quarter of it, and the lab's slowness)", sleep)
                        .isLessThan(timeout + TimeUnit.SECONDS.toNanos(2));
            }

            pair.postReceive();
            // Sent a second after the wait began: by then the waiter has polled, armed, polled
            // again and gone to sleep, so only the CQ's event can wake it.
            CompletableFuture<Void> sent = CompletableFuture.runAsync(() -> {
                try {
                    Thread.sleep(1_000);
                    pair.send(0);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(interrupted);
                }
            });
            assertThat(waiter.await(completions, TimeUnit.SECONDS.toNanos(5))).isEqualTo(1);
            sent.join();
            assertThat(waiter.events()).as("the events of its CQ it took").isEqualTo(1);
        }
    }

    /**
     * The alarm is a completion kept ready: ringing moves its QP to the error state, the device
     * flushes the receive posted on it, and its armed CQ raises an event on the channel; set
     * again, it rings again.
     */
    @Test
    void theAlarmRaisesAnEventOnTheChannelEachTimeItRings() {
        try (LoopbackPair pair = new LoopbackPair(); Alarm alarm = Alarm.create(pair.channel)) {
            for (int ring = 1; ring <= 2; ring++) {
                assertThat(pair.eventWithin(100)).as("an event before ring %d", ring).isFalse();
                alarm.ring();
                assertThat(pair.eventWithin(5_000)).as("the event of ring %d", ring).isTrue();
                assertThat(alarm.isFor(pair.takeAnyEvent())).as("an event of the alarm's CQ").isTrue();
                alarm.acknowledge();
                alarm.reset();
            }
        }
    }

    /**
     * A provider may report a failed arm as an errno value or as -1 with errno set: either way
     * the error names the errno (here a stand-in for the verb that fails the second way).
     */
    @Test
    void aFailedArmNamesItsErrno() {
        try (LoopbackPair pair = new LoopbackPair();
             EventWaiter waiter = new EventWaiter(pair.channel, pair.receiver.cq(), 0, false, (cq, solicitedOnly) -> {
                 Native.setLastError(Errno.EINVAL);
                 return -1;
             })) {
            Completions completions = new Completions(pair.receiver.cq(), 4, "receiver");

            assertThatThrownBy(() -> waiter.await(completions, TimeUnit.SECONDS.toNanos(1)))
                    .isInstanceOfSatisfying(VerbsException.class, error -> assertThat(error.errno()).isEqualTo(Errno.EINVAL))
                    .hasMessageStartingWith("ibv_req_notify_cq failed: Invalid argument (errno 22).");
        }
    }

    /** The rule ibv_ack_cq_events exists for: a CQ with an event unacknowledged is never destroyed. */
    @Test
    void destroyingACqWithAnUnacknowledgedEventWaitsForEver() throws Exception {
        try (Child unacknowledged = Child.java(UnackedEventProbe.class, List.of(), List.of("no-ack"))) {
            unacknowledged.awaitOutput("destroying the CQ", 60);

            assertThat(unacknowledged.isAlive()).as("ibv_destroy_cq has not returned").isTrue();
            Thread.sleep(5_000);
            assertThat(unacknowledged.isAlive()).as("ibv_destroy_cq has not returned after 5 s").isTrue();
            unacknowledged.kill();
            assertThat(unacknowledged.output()).doesNotContain("destroyed");
        }

        try (Child acknowledged = Child.java(UnackedEventProbe.class, List.of(), List.of("ack"))) {
            assertThat(acknowledged.waitFor(60)).isZero();
            assertThat(acknowledged.output()).contains("destroying the CQ", "destroyed");
        }
    }
}
