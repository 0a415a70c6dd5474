package rdma.atomics.perf;

import java.io.PrintStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import rdma.atomics.AtomicOptions;
import rdma.atomics.AtomicPerf;
import rdma.support.Cli;

/** The program of chapter 10: {@link AtomicPerf} with the options it parsed. */
@Command(name = "10-atomics", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Remote atomic operations, as ib_atomic_lat (default) and ib_atomic_bw (--bw) run them, and talking to them.",
                "  10-atomics [options]          be the target (server): grant a page of words to the initiator's atomics",
                "  10-atomics [options] <host>   be the initiator (client): FETCH_AND_ADD or CMP_AND_SWAP <host>'s word",
                "  10-atomics [--demo]           both in this JVM, on two devices (or one twice)"})
public final class AtomicMain extends Cli.Program {
    @Mixin
    AtomicOptions options = new AtomicOptions();

    AtomicMain(PrintStream out, PrintStream err) {
        super(out, err);
    }

    public static void main(String[] args) {
        Cli.main(AtomicMain::new, args);
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        return Cli.run(AtomicMain::new, args, out, err);
    }

    @Override
    public Integer call() {
        refuse(options.invalid());
        return new AtomicPerf(options, spec.name()).run(noArguments(), out, err);
    }
}
