package rdma.pingpong.rc;

import java.io.PrintStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import rdma.pingpong.Pingpong;
import rdma.pingpong.PingpongOptions;
import rdma.pingpong.waiting.Waiting;
import rdma.support.Cli;

/**
 * Chapter 04: rdma-core's ibv_rc_pingpong in Java, with its options, its address exchange, its
 * data loop and its output, so that it talks to the C tool in both directions: started as the C
 * server is (no host), as the C client is (a host), or both sides in one JVM ({@code --demo}, or
 * no arguments at all).
 */
@Command(name = "04-rc-pingpong", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"ibv_rc_pingpong in Java.",
                "  04-rc-pingpong [options]          start a server and wait for connection",
                "  04-rc-pingpong [options] <host>   connect to server at <host>",
                "  04-rc-pingpong [--demo]           both in this JVM, on two devices (or one twice)"})
public final class RcPingpongMain extends Cli.Program {
    @Mixin
    PingpongOptions options = new PingpongOptions();


    RcPingpongMain(PrintStream out, PrintStream err) {
        super(out, err);
    }

    public static void main(String[] args) {
        Cli.main(RcPingpongMain::new, args);
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        return Cli.run(RcPingpongMain::new, args, out, err);
    }

    @Override
    public Integer call() {
        String invalid = options.invalid();
        refuse(invalid);
        boolean noArguments = noArguments();
        return new Pingpong(options, Waiting.POLL, spec.name()).run(noArguments, out, err);
    }
}
