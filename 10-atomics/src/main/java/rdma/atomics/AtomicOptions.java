package rdma.atomics;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import rdma.support.Cli;
import rdma.write.perftest.PerfOptions;

/**
 * The options of chapter 10's test: perftest's for {@code ib_atomic_lat} and {@code ib_atomic_bw}
 * ({@link PerfOptions}, {@code -A}, {@code -o}, {@code -F}) and an error on purpose.
 */
public final class AtomicOptions {
    /** One above chapter 07's, so that the chapters can run side by side; perftest's own is 18515. */
    public static final int PORT = 18519;

    /** perftest's DEF_ITERS: the default number of atomics of ib_atomic_bw, as of ib_atomic_lat. */
    private static final int BANDWIDTH_ITERS = 1000;

    @Mixin
    public PerfOptions perf = new PerfOptions(PORT, BANDWIDTH_ITERS);

    @Option(names = {"-A", "--atomic_type"}, paramLabel = "<type>",
            description = "CMP_AND_SWAP or FETCH_AND_ADD, on both sides, as perftest (default ${DEFAULT-VALUE})")
    public AtomicType type = AtomicType.FETCH_AND_ADD;

    @Option(names = {"-o", "--outs"}, paramLabel = "<num>",
            description = "RDMA READs and atomics a QP serves, and issues, at once: max_dest_rd_atomic and max_rd_atomic"
                    + " (default: the most the device allows; never more than the peer serves)")
    public Integer outs;

    @Option(names = {"-F", "--CPU-freq"},
            description = "accepted as perftest's tools accept it; this program reads no CPU frequency, so it has nothing to warn about")
    public boolean ignoreCpuFrequency;

    @Option(names = "--fail", paramLabel = "<how>", converter = FailureConverter.class,
            description = "an error on purpose: no-remote-atomic (the target's buffer does not allow atomics), wrong-rkey,"
                    + " or misaligned (a word 4 bytes into the target's buffer)")
    public Failure fail; // null: no failure, the normal run

    @Option(names = "--clients", paramLabel = "<n>",
            description = "run the shared counter, the lock, the target's CPU and the fence instead, with <n> clients (up to "
                    + MOST_CLIENTS + ") of one target, -n times each, all in this JVM; what no arguments at all run, with 4")
    public Integer clients;

    /** The most clients of the shared counter: the target's listen backlog. */
    public static final int MOST_CLIENTS = 16;

    /** Every check that needs no device, or null when all pass. */
    public String invalid() {
        String invalid = perf.invalid();
        if (invalid != null) {
            return invalid;
        }
        if (perf.size != null && perf.size != AtomicRequest.WORD) {
            return "-s/--size: an atomic operates on one 8-byte word; as perftest says, the message size cannot be changed"
                    + " for atomic tests: leave out -s";
        }
        if (perf.check) {
            return "-c/--chk: an atomic carries no pattern to check; both sides check the word without it: leave out -c";
        }
        if (clients != null) {
            String sharedCounter = sharedCounterInvalid();
            if (sharedCounter != null) {
                return sharedCounter;
            }
        }
        return outs != null && outs < 1 ? "-o/--outs must be 1 or more" : null;
    }

    private String sharedCounterInvalid() {
        if (clients < 1 || clients > MOST_CLIENTS) {
            return "--clients must be 1 to " + MOST_CLIENTS;
        }
        if (perf.connection.host != null || perf.connection.demo || perf.connection.ibDev != null || perf.connection.gidIdx != null) {
            return "--clients runs the target and its clients in this JVM, on the first two devices, addressed by their IPv4"
                    + " addresses: leave out the host, --demo, -d and -g";
        }
        if (perf.bandwidth || fail != null || type != AtomicType.FETCH_AND_ADD || outs != null) {
            return "--clients runs the shared counter and lock, not perftest's test: leave out --bw, --fail, -A and -o";
        }
        return null;
    }

    /** "no-remote-atomic" on the command line. */
    public static final class FailureConverter extends Cli.OptionNames<Failure> {
        public FailureConverter() {
            super(Failure.class);
        }
    }
}
