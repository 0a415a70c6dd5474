package rdma.write.perftest;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import rdma.devices.Port;
import rdma.devices.c.ibv_device_attr;
import rdma.pingpong.ConnectionOptions;
import rdma.support.VerbsException;
import rdma.write.RdmaRequests;

/**
 * perftest's options for a one-sided test, named as {@code ib_write_lat} and {@code ib_write_bw}
 * name them, with their defaults: a latency test of 1000 iterations of 2 bytes, or with
 * {@code --bw} a bandwidth test of 64 KiB messages, as many as the tool's own default. A picocli
 * mixin, public for every perftest-like program.
 */
public final class PerfOptions {
    @Mixin
    public ConnectionOptions connection;

    @Option(names = {"-s", "--size"}, paramLabel = "<size>",
            description = "size of each message in bytes (default 2, or 65536 with --bw, as perftest)")
    public Integer size;

    @Option(names = {"-n", "--iters"}, paramLabel = "<iters>",
            description = "number of messages (default 1000, as perftest; in a bandwidth test, perftest's default for the test)")
    public Integer iters;

    @Option(names = "--bw", description = "a bandwidth test, as perftest's *_bw tools (default: a latency test, as its *_lat tools)")
    public boolean bandwidth;

    @Option(names = {"-t", "--tx-depth"}, paramLabel = "<dep>",
            description = "bandwidth test: messages in flight at once (default ${DEFAULT-VALUE})")
    public int txDepth = 128;

    @Option(names = {"-Q", "--cq-mod"}, paramLabel = "<n>",
            description = "bandwidth test: ask for a completion every <n> messages (default " + DEFAULT_CQ_MOD
                    + ", or the list's length with --post_list)")
    public Integer cqMod; // null: perftest's default

    @Option(names = "--post_list", paramLabel = "<list size>",
            description = "bandwidth test: post <list size> messages chained in one ibv_post_send (default ${DEFAULT-VALUE})")
    public int postList = 1;

    @Option(names = "--report_gbits", description = "bandwidth test: report bandwidth in Gb/sec (10^9 bits), as perftest (default: MB/sec, 2^20 bytes)")
    public boolean reportGbits;

    @Option(names = {"-c", "--chk"}, description = "the receiving side checks every byte of what arrived")
    public boolean check;

    /** The unit of the bandwidth table: both sides of a perftest run print the client's figures in their own. */
    public BandwidthReport.Unit unit() {
        return BandwidthReport.Unit.of(reportGbits);
    }

    /** perftest's CQ moderation in a bandwidth test without a post list: a completion every 100 messages. */
    static final int DEFAULT_CQ_MOD = 100;

    private final int bandwidthIters;

    /**
     * With the chapter's own TCP port, so that chapters can run side by side, and perftest's
     * default iterations for the program's bandwidth test (5000 for ib_write_bw).
     */
    public PerfOptions(int defaultPort, int bandwidthIters) {
        connection = new ConnectionOptions(defaultPort);
        this.bandwidthIters = bandwidthIters;
    }

    public int size() {
        return size != null ? size : bandwidth ? 65536 : 2;
    }

    public int iters() {
        return iters != null ? iters : bandwidth ? bandwidthIters : 1000;
    }

    /** Messages in flight, never more than there are messages. */
    public int depth() {
        return Math.min(txDepth, iters());
    }

    /**
     * How many messages a bandwidth test posts per completion it asks for: -Q, never more than are
     * in flight. With a post list and no -Q, as perftest: one completion per list.
     */
    public int signalEvery() {
        int every = cqMod != null ? cqMod : postList > 1 ? postList : DEFAULT_CQ_MOD;
        return Math.min(every, depth());
    }

    /**
     * The send queue a side needs on {@code port}: {@link #depth()} messages in flight, each as
     * many work requests as it takes pieces of at most the port's max_msg_sz, and {@code extra}
     * more. Where the device's queues are smaller, an error that names the options to change.
     */
    public int sendQueue(Port port, int extra) {
        ibv_device_attr device = port.context().queryDevice();
        int pieces = RdmaRequests.piecesOf(size(), port.maxMessageSize());
        long sends = (long) depth() * pieces + extra;
        // The CQ holds the send queue's completions and at least one receive's.
        long room = Math.min(device.max_qp_wr, device.max_cqe - 1L);
        if (sends > room) {
            String perMessage = pieces == 1 ? "one work request each"
                    : pieces + " work requests each (one moves at most max_msg_sz " + port.maxMessageSize() + " bytes)";
            throw new VerbsException("-s/--size " + size() + " with -t/--tx-depth " + txDepth, depth() + " messages in flight"
                    + " of " + perMessage + " need " + sends + " places in the send queue, more than " + port.name()
                    + " has (max_qp_wr " + device.max_qp_wr + ", max_cqe " + device.max_cqe + ")",
                    "Pass a smaller -t/--tx-depth or -s/--size");
        }
        return (int) sends;
    }

    /** Every check that needs no device, or null when all pass. */
    public String invalid() {
        String invalid = connection.invalid();
        if (invalid != null) {
            return invalid;
        }
        if (size() < 1) {
            return "-s/--size must be 1 or more";
        }
        if (iters() < (bandwidth ? 1 : 2)) {
            return "-n/--iters must be 2 or more for a latency test (it measures between iterations), 1 or more with --bw";
        }
        if (txDepth < 1 || (cqMod != null && cqMod < 1) || postList < 1) {
            return "-t/--tx-depth, -Q/--cq-mod and --post_list must be 1 or more";
        }
        return postList > 1 ? postListInvalid() : null;
    }

    /**
     * perftest's rules for a post list, and one of this program's own: a list is posted whole, so
     * it must fit in the messages allowed in flight, or it would never be posted.
     */
    private String postListInvalid() {
        if (!bandwidth) {
            return "--post_list is for the bandwidth test (a latency test has one message in flight): add --bw";
        }
        if (iters() % postList != 0) {
            return "-n/--iters " + iters() + " is not a multiple of --post_list " + postList + ": every post is a whole list";
        }
        if (cqMod != null && postList % cqMod != 0) {
            return "--post_list " + postList + " is not a multiple of -Q/--cq-mod " + cqMod
                    + ": a list asks for its completions at the same places every time";
        }
        if (postList > depth()) {
            return "--post_list " + postList + " is more than the " + depth() + " messages allowed in flight (-t/--tx-depth):"
                    + " pass a larger -t or a shorter list";
        }
        return null;
    }
}
