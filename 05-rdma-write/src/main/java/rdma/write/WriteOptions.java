package rdma.write;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import rdma.queues.QueuePair;
import rdma.queues.c.SendFlag;
import rdma.support.Cli;
import rdma.write.perftest.PerfOptions;

/**
 * The options of chapter 05's test: perftest's ({@link PerfOptions}) and the chapter's own (how
 * the target is notified, an access error on purpose, and perftest's {@code -I}). A picocli mixin,
 * public for every program that runs {@link WritePerf}.
 */
public final class WriteOptions {
    /** One above chapter 04's, so that both can run at once. */
    public static final int PORT = 18516;

    /** perftest's DEF_INLINE_WRITE: its default largest inline WRITE in a latency test. */
    public static final int LATENCY_INLINE = 220;

    /** ib_write_bw's default number of messages. */
    private static final int BANDWIDTH_ITERS = 5000;

    @Mixin
    public PerfOptions perf = new PerfOptions(PORT, BANDWIDTH_ITERS);

    @Option(names = "--notify", paramLabel = "<how>", converter = NotifyConverter.class,
            description = "how the target learns the data is there: poll (it watches the last byte), imm (RDMA WRITE"
                    + " WITH IMMEDIATE) or send (a SEND after the writes) (default poll)")
    public Notify notify = Notify.poll;

    @Option(names = "--fail", paramLabel = "<how>", converter = FailureConverter.class,
            description = "an access error on purpose: no-remote-write (the target's buffer does not allow it),"
                    + " wrong-rkey, or past-end (a write beyond the target's memory region)")
    public Failure fail; // null: no failure, the normal run

    @Option(names = {"-I", "--inline_size"}, paramLabel = "<size>",
            description = "messages of up to <size> bytes are sent inline, in the work request itself, where the QP"
                    + " allows it; 0 sends none inline (default " + LATENCY_INLINE + " for latency, 0 with --bw, as"
                    + " perftest on the NICs it knows; on a device it does not know, soft-RoCE among them, perftest"
                    + " sends nothing inline)")
    public Integer inlineSize; // null: perftest's default for the test

    @Option(names = "--perftest",
            description = "trade addresses as perftest does instead of as rc_pingpong does, to run against ib_write_lat,"
                    + " or ib_write_bw with --bw (-p 18515 is their port)")
    public boolean perftest;

    /** The largest message sent inline: {@code -I}, or perftest's default for the test. */
    public int inlineSize() {
        return inlineSize != null ? inlineSize : perf.bandwidth ? 0 : LATENCY_INLINE;
    }

    /**
     * The flag a message of {@code size} bytes is sent with on {@code qp}: IBV_SEND_INLINE when it
     * fits both {@link #inlineSize} and what the QP allows (the device may grant more inline data
     * than was asked for, never less), else none.
     */
    public int inlineFlag(int size, QueuePair qp) {
        int inlineLimit = Math.min(inlineSize(), qp.capacity().maxInlineData());
        return size <= inlineLimit ? SendFlag.IBV_SEND_INLINE.value() : 0;
    }

    /** Every check that needs no device, or null when all pass. */
    public String invalid() {
        String invalid = perf.invalid();
        if (invalid == null && inlineSize() < 0) {
            invalid = "-I/--inline_size must be 0 or more";
        }
        return invalid != null || !perftest ? invalid : perftestInvalid();
    }

    /** What --perftest cannot be combined with: perftest's tools know only their own tests. */
    private String perftestInvalid() {
        if (notify != Notify.poll) {
            return perf.bandwidth ? "--perftest: ib_write_bw's server learns of the end over TCP, not by a notification:"
                    + " leave out --notify" : "--perftest: ib_write_lat learns of a message by watching its last byte: leave out --notify";
        }
        if (perf.check) {
            return "--perftest: perftest's messages carry no pattern to check: leave out -c/--chk";
        }
        return null;
    }

    /** "wrong-rkey" on the command line. */
    public static final class FailureConverter extends Cli.OptionNames<Failure> {
        public FailureConverter() {
            super(Failure.class);
        }
    }

    public static final class NotifyConverter extends Cli.OptionNames<Notify> {
        public NotifyConverter() {
            super(Notify.class);
        }
    }
}
