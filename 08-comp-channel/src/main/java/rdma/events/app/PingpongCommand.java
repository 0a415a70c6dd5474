package rdma.events.app;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import rdma.events.WaitMode;
import rdma.pingpong.ConnectionOptions;
import rdma.pingpong.Pingpong;
import rdma.pingpong.PingpongOptions;

/** Chapter 04's pingpong, waiting as {@code --wait} says: {@code ibv_rc_pingpong} and {@code ibv_rc_pingpong -e}. */
@Command(name = "pingpong", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"ibv_rc_pingpong, with -e/--events as the C tool has it, and --wait adaptive.",
                "  pingpong [options]          be the server",
                "  pingpong [options] <host>   be the client of <host>",
                "  pingpong [--demo]           both in this JVM"})
final class PingpongCommand implements Callable<Integer> {
    @ParentCommand
    CompChannelMain parent;

    @Mixin
    PingpongOptions options = new PingpongOptions();

    @Mixin
    WaitOptions waitOptions = new WaitOptions();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        WaitMode mode = waitOptions.mode(WaitMode.poll); // the C tool polls unless told -e
        String invalid = mode == null ? "-e/--events is --wait events: give one or the other" : options.invalid();
        if (invalid != null) {
            throw new ParameterException(spec.commandLine(), invalid);
        }
        boolean noArguments = spec.commandLine().getParseResult().matchedArgs().isEmpty();
        long[] loopCpu = new long[2];
        int status = new Pingpong(options, mode, parent.name() + " pingpong").observe(messages -> {
            if (messages == 1) {
                loopCpu[0] = CompChannelMain.processCpuNanos();
            } else if (messages == options.iters) {
                loopCpu[1] = CompChannelMain.processCpuNanos();
            }
        }).run(noArguments, parent.out(), parent.err());
        if (status == 0 && loopCpu[1] > 0 && options.connection.mode(noArguments) != ConnectionOptions.Mode.DEMO) {
            // What waiting cost: the CPU this process used in its loop, user and system, all threads.
            parent.out().printf("loop CPU: %.3f s user+system for %d iterations%n", (loopCpu[1] - loopCpu[0]) / 1e9,
                    options.iters);
        }
        return status;
    }
}
