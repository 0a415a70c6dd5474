package rdma.events.app;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
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
final class PingpongCommand extends WaitingCommand {
    @Mixin
    PingpongOptions options = new PingpongOptions();

    @Override
    public Integer call() {
        WaitMode mode = modeOrRefuse(WaitMode.poll, options.invalid()); // the C tool polls unless told -e
        boolean noArguments = spec.commandLine().getParseResult().matchedArgs().isEmpty();
        LoopMeter meter = new LoopMeter(mode);
        int status = new Pingpong(options, meter, program()).run(noArguments, parent.out(), parent.err());
        if (status == 0 && options.connection.mode(noArguments) != ConnectionOptions.Mode.DEMO) {
            // What waiting cost: the CPU the loop's thread used, user and system, from its first wait to its end.
            parent.out().printf("loop CPU: %.3f s user+system for %d iterations%n", meter.cpuNanos() / 1e9, options.iters);
        }
        return status;
    }
}
