package rdma.srq.app;

import java.io.PrintStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import rdma.srq.SrqOptions;
import rdma.srq.SrqPingpong;
import rdma.support.Cli;

/**
 * Chapter 12: rdma-core's ibv_srq_pingpong in Java, with its options, its exchange of 256 address
 * records and its output, so that it talks to the C tool both ways; and {@code serve}, a server
 * that takes ibv_rc_pingpong clients as they come, every one on the same shared receive queue.
 */
@Command(name = "12-srq", mixinStandardHelpOptions = true, sortOptions = false, subcommands = {ServeCommand.class, FootprintCommand.class},
        description = {"ibv_srq_pingpong in Java: many QPs, one shared receive queue.",
                "  12-srq [options]           start a server and wait for connection",
                "  12-srq [options] <host>    connect to server at <host>",
                "  12-srq [--demo]            both in this JVM, on two devices (or one twice)",
                "  12-srq serve [options]     serve ibv_rc_pingpong clients as they come, on one SRQ",
                "  12-srq footprint           receive queues of their own against one SRQ, for 1 to 64 clients"})
public final class SrqMain extends Cli.Program {
    @Mixin
    SrqOptions options = new SrqOptions();

    SrqMain(PrintStream out, PrintStream err) {
        super(out, err);
    }

    public static void main(String[] args) {
        Cli.main(SrqMain::new, args);
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        return Cli.run(SrqMain::new, args, out, err);
    }

    @Override
    public Integer call() {
        refuse(options.invalid());
        return new SrqPingpong(options, spec.name()).run(noArguments(), out, err);
    }
}
