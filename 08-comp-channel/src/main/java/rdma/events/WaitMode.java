package rdma.events;

import java.util.concurrent.TimeUnit;
import rdma.devices.DeviceContext;
import rdma.pingpong.waiting.CompletionWaiter;
import rdma.pingpong.waiting.Waiting;
import rdma.queues.CompletionQueue;

/**
 * The three ways to wait for completions, as the {@link Waiting} that chapters 04 and 07 take:
 * {@code --wait poll|events|adaptive}. A mode with events opens one completion channel per
 * device context, which its CQs report to, and waits on it with an {@link EventWaiter}.
 */
public enum WaitMode implements Waiting {
    /** Busy polling: the lowest latency, a whole core. */
    poll(0),
    /** Sleep on the channel at once: a wake-up per batch of completions, an idle CPU. */
    events(0),
    /** Poll for {@link #ADAPTIVE_SPIN_MICROS} microseconds, then sleep: most of both. */
    adaptive(TimeUnit.MICROSECONDS.toNanos(WaitMode.ADAPTIVE_SPIN_MICROS));

    /**
     * The adaptive mode's spin budget: many round trips of a small message on RDMA hardware (a
     * few microseconds each), so that a burst is caught at polling's latency. Under the lab's
     * CPU emulation one round trip takes longer than this, and adaptive behaves as events there.
     */
    public static final long ADAPTIVE_SPIN_MICROS = 50;

    private final long spinNanos;

    WaitMode(long spinNanos) {
        this.spinNanos = spinNanos;
    }

    @Override
    public Scope open(DeviceContext context) {
        if (this == poll) {
            return Waiting.POLL.open(context);
        }
        CompletionChannel channel = CompletionChannel.create(context);
        return new Scope() {
            @Override
            public CompletionQueue createCq(int entries) {
                return channel.createCq(entries);
            }

            @Override
            public CompletionWaiter waiter(CompletionQueue cq) {
                return new EventWaiter(channel, cq, spinNanos, false);
            }

            @Override
            public void close() {
                channel.close();
            }
        };
    }

    @Override
    public String label() {
        return name();
    }
}
