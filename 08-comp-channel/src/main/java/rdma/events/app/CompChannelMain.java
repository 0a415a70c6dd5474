package rdma.events.app;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import rdma.events.WaitMode;
import rdma.pingpong.Pingpong;
import rdma.pingpong.PingpongOptions;
import rdma.support.Cli;
import rdma.support.VerbsException;

/**
 * Chapter 08: completions that wake a program up instead of keeping a core busy. The same
 * programs as chapters 04 and 07, taking their completions from a completion channel; with no
 * arguments, the pingpong in each of the three ways to wait, side by side.
 */
@Command(name = "08-comp-channel", mixinStandardHelpOptions = true, subcommands = {PingpongCommand.class, TransferCommand.class},
        description = {"Chapter 04's pingpong and chapter 07's file transfer, waiting on completion events.",
                "  08-comp-channel pingpong [options] [<host>]          ibv_rc_pingpong, with -e and --wait",
                "  08-comp-channel transfer [options] [<host> <file>...] 07-file-transfer, on events by default",
                "  08-comp-channel                                      the pingpong in each wait mode, compared"})
public final class CompChannelMain extends Cli.Program {
    /** The demo's pingpong: ibv_rc_pingpong's defaults. */
    static final int DEMO_ITERS = 1000;


    CompChannelMain(PrintStream out, PrintStream err) {
        super(out, err);
    }

    public static void main(String[] args) {
        Cli.main(CompChannelMain::new, args);
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        return Cli.run(CompChannelMain::new, args, out, err);
    }

    /**
     * The demo: the pingpong of chapter 04, both sides in this JVM on two devices, once per wait
     * mode; for each, the client's time per iteration, as it reports it, and the CPU time both
     * sides' loops used (user and system, from each loop's first wait to its end) per 1000
     * iterations.
     */
    @Override
    public Integer call() {
        PingpongOptions options = new PingpongOptions();
        options.iters = DEMO_ITERS;
        out.printf("demo: ibv_rc_pingpong's exchange, %d iterations of %d bytes, both sides in this JVM, in each wait mode%n",
                options.iters, options.size);
        out.printf("%-9s %10s %24s%n", "mode", "usec/iter", "CPU s per 1000 iters");
        for (WaitMode mode : WaitMode.values()) {
            LoopMeter meter = new LoopMeter(mode);
            ByteArrayOutputStream transcript = new ByteArrayOutputStream();
            PrintStream captured = new PrintStream(transcript, true, StandardCharsets.UTF_8);
            int status = new Pingpong(options, meter, spec.name()).run(true, captured, captured);
            String output = transcript.toString(StandardCharsets.UTF_8);
            Matcher client = CLIENT_RESULT.matcher(output);
            if (status != 0 || !client.find()) {
                err.print(output);
                throw new VerbsException("demo: the pingpong with --wait " + mode, "it failed (above)", "Run it alone to see more");
            }
            out.printf("%-9s %10s %24.3f%n", mode, client.group(1), meter.cpuNanos() / 1e9 / options.iters * 1000);
        }
        out.println("poll spins a core on each side; events sleep until the device wakes them; adaptive spins "
                + WaitMode.ADAPTIVE_SPIN_MICROS + " us first.");
        return 0;
    }

    /** The client's second result line, as chapter 04 prints it: its time per iteration. */
    private static final Pattern CLIENT_RESULT = Pattern.compile("\\[client\\] \\d+ iters in \\S+ seconds = (\\S+) usec/iter");
}
