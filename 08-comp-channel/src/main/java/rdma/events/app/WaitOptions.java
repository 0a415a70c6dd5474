package rdma.events.app;

import picocli.CommandLine.Option;
import rdma.events.WaitMode;

/** {@code --wait poll|events|adaptive}, and {@code -e}, ibv_rc_pingpong's name for {@code --wait events}. */
final class WaitOptions {
    @Option(names = "--wait", paramLabel = "<mode>",
            description = "how to wait for completions: poll (spin), events (sleep on a completion channel) or adaptive"
                    + " (spin a little, then sleep)")
    WaitMode wait;

    @Option(names = {"-e", "--events"}, description = "sleep on CQ events (--wait events), as ibv_rc_pingpong -e")
    boolean events;

    /** The mode asked for, or {@code byDefault}; null when -e and another --wait contradict each other. */
    WaitMode mode(WaitMode byDefault) {
        if (events) {
            return wait == null || wait == WaitMode.events ? WaitMode.events : null;
        }
        return wait != null ? wait : byDefault;
    }
}
