package rdma.foreign.pingpong;

import java.io.PrintStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import rdma.devices.Cli;
import rdma.foreign.ForeignDataPath;
import rdma.pingpong.Pingpong;
import rdma.pingpong.PingpongOptions;
import rdma.queues.Waiting;

/**
 * Chapter 04's ibv_rc_pingpong, every option and output line the same, with its data-path verbs
 * called through {@link ForeignDataPath} instead of JNA: it still talks to the C tool both ways.
 */
@Command(name = "appendix-ffm", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"ibv_rc_pingpong in Java, its data path through java.lang.foreign.",
                "  appendix-ffm [options]          start a server and wait for connection",
                "  appendix-ffm [options] <host>   connect to server at <host>",
                "  appendix-ffm [--demo]           both in this JVM, on two devices (or one twice)"})
public final class FfmPingpongMain extends Cli.Program {
    @Mixin
    PingpongOptions options = new PingpongOptions();

    FfmPingpongMain(PrintStream out, PrintStream err) {
        super(out, err);
    }

    public static void main(String[] args) {
        Cli.main(FfmPingpongMain::new, args);
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        return Cli.run(FfmPingpongMain::new, args, out, err);
    }

    @Override
    public Integer call() {
        refuse(options.invalid());
        return new Pingpong(options, Waiting.POLL, spec.name(), ForeignDataPath::of).run(noArguments(), out, err);
    }
}
