package rdma.atomics.perf;

import java.io.PrintStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import rdma.atomics.AtomicOptions;
import rdma.atomics.AtomicPerf;
import rdma.atomics.CounterAndLock;
import rdma.support.Cli;

/** The program of chapter 10: {@link CounterAndLock} with no arguments or {@code --clients}, else {@link AtomicPerf}, with the options it parsed. */
@Command(name = "10-atomics", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Remote atomic operations: what they are for, and ib_atomic_lat (default) and ib_atomic_bw (--bw), talking to them.",
                "  10-atomics [--clients <n>]    a shared counter, a lock, the target's CPU and the fence: one target, <n> clients",
                "                                (4 with no arguments), in this JVM, on two devices (or one twice)",
                "  10-atomics [options]          be perftest's target (server): grant a page of words to the initiator's atomics",
                "  10-atomics [options] <host>   be perftest's initiator (client): FETCH_AND_ADD or CMP_AND_SWAP <host>'s word",
                "  10-atomics --demo [options]   perftest's both sides in this JVM, on two devices (or one twice)"})
public final class AtomicMain extends Cli.Program {
    /** The shared counter's clients when no arguments are given. */
    static final int DEMO_CLIENTS = 4;

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
        if (options.clients != null || noArguments()) {
            int clients = options.clients == null ? DEMO_CLIENTS : options.clients;
            CounterAndLock.demo(clients, options.perf.iters(), options.perf.connection.port, out);
            return 0;
        }
        return new AtomicPerf(options, spec.name()).run(out, err);
    }
}
