package rdma.events.app;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import rdma.devices.Cli;
import rdma.devices.VerbsException;
import rdma.events.WaitMode;
import rdma.pingpong.Pingpong;
import rdma.pingpong.PingpongOptions;

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
public final class CompChannelMain implements Callable<Integer> {
    /** The demo's pingpong: ibv_rc_pingpong's defaults. */
    static final int DEMO_ITERS = 1000;

    @Spec
    CommandSpec spec;

    private final PrintStream out;
    private final PrintStream err;

    CompChannelMain(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        Cli.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        return Cli.run(new CompChannelMain(out, err), args, out, err);
    }

    PrintStream out() {
        return out;
    }

    PrintStream err() {
        return err;
    }

    String name() {
        return spec.name();
    }

    /**
     * The demo: the pingpong of chapter 04, both sides in this JVM on two devices, once per wait
     * mode; for each, the client's time per iteration and the CPU time the whole process used
     * (user and system, both sides) per 1000 iterations of the loop.
     */
    @Override
    public Integer call() {
        PingpongOptions options = new PingpongOptions();
        options.iters = DEMO_ITERS;
        out.printf("demo: ibv_rc_pingpong's exchange, %d iterations of %d bytes, both sides in this JVM, in each wait mode%n",
                options.iters, options.size);
        out.printf("%-9s %10s %24s%n", "mode", "usec/iter", "CPU s per 1000 iters");
        for (WaitMode mode : WaitMode.values()) {
            AtomicLong clientNanos = new AtomicLong();
            long[] loopCpu = new long[2];
            ByteArrayOutputStream transcript = new ByteArrayOutputStream();
            PrintStream captured = new PrintStream(transcript, true, StandardCharsets.UTF_8);
            int status = new Pingpong(options, mode, spec.name()).reportClientTo(clientNanos::set)
                    .observe(messages -> measureTheClientsLoop(messages, options.iters, loopCpu))
                    .run(true, captured, captured);
            long cpuNanos = loopCpu[1] - loopCpu[0];
            if (status != 0) {
                err.print(transcript.toString(StandardCharsets.UTF_8));
                throw new VerbsException("demo: the pingpong with --wait " + mode, "it failed (above)", "Run it alone to see more");
            }
            out.printf("%-9s %10.2f %24.3f%n", mode, clientNanos.get() / 1000.0 / options.iters,
                    cpuNanos / 1e9 / options.iters * 1000);
        }
        out.println("poll spins a core on each side; events sleep until the device wakes them; adaptive spins "
                + WaitMode.ADAPTIVE_SPIN_MICROS + " us first.");
        return 0;
    }

    /**
     * The process's CPU time at the client's first and last message: the window of the data
     * loop, which both sides spend in (the demo's server is the thread named "server"), without
     * what setting up the devices and the connection cost.
     */
    private static void measureTheClientsLoop(int messages, int iters, long[] loopCpu) {
        if (Thread.currentThread().getName().equals("server")) {
            return;
        }
        if (messages == 1) {
            loopCpu[0] = processCpuNanos();
        } else if (messages == iters) {
            loopCpu[1] = processCpuNanos();
        }
    }

    /** The CPU time of this whole process, user and system, from the JVM. */
    static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
