package rdma.foreign.app;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import rdma.foreign.ForeignDataPath;
import rdma.pingpong.Pingpong;
import rdma.pingpong.PingpongOptions;
import rdma.pingpong.waiting.Waiting;

/**
 * Chapter 04's ibv_rc_pingpong, every option and output line the same, with its data-path verbs
 * called through {@link ForeignDataPath} instead of JNA: it still talks to the C tool both ways.
 */
@Command(name = "pingpong", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"ibv_rc_pingpong in Java, its data path through java.lang.foreign.",
                "  pingpong [options]          start a server and wait for connection",
                "  pingpong [options] <host>   connect to server at <host>",
                "  pingpong [--demo]           both in this JVM, on two devices (or one twice)"})
final class PingpongCommand extends ForeignCommand {
    @Mixin
    PingpongOptions options = new PingpongOptions();

    @Override
    public Integer call() {
        refuse(options.invalid());
        return new Pingpong(options, Waiting.POLL, program(), ForeignDataPath::of).run(noArguments(), parent.out(), parent.err());
    }
}
