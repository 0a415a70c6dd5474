package rdma.srq;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import rdma.pingpong.ConnectionOptions;
import rdma.pingpong.PingpongOptions;
import rdma.srq.compat.SrqPingpongExchange;

/** {@code ibv_srq_pingpong}'s options and defaults, as a picocli mixin. */
public final class SrqOptions {
    @Mixin
    public ConnectionOptions connection = new ConnectionOptions(PingpongOptions.PORT);

    @Option(names = {"-s", "--size"}, paramLabel = "<size>", description = "size of message to exchange (default ${DEFAULT-VALUE})")
    public int size = 4096;

    @Option(names = {"-q", "--num-qp"}, paramLabel = "<num>", description = "number of QPs to use (default ${DEFAULT-VALUE})")
    public int numQp = 16;

    @Option(names = {"-r", "--rx-depth"}, paramLabel = "<dep>",
            description = "number of receives to post at a time, in the shared receive queue (default ${DEFAULT-VALUE})")
    public int rxDepth = 500;

    @Option(names = {"-n", "--iters"}, paramLabel = "<iters>",
            description = "number of exchanges, in total over all QPs, as the C tool counts them (default ${DEFAULT-VALUE})")
    public int iters = 1000;

    @Option(names = {"-e", "--events"}, description = "sleep on CQ events (default poll)")
    public boolean events;

    @Option(names = {"-c", "--chk"}, description = "validate received buffer")
    public boolean check;

    /** Every check that needs no device, as the C tool makes them (and a few it forgets), or null when all pass. */
    public String invalid() {
        String invalid = connection.invalid();
        if (invalid != null) {
            return invalid;
        }
        if (size < 1 || numQp < 1 || rxDepth < 1 || iters < 1) {
            return "-s/--size, -q/--num-qp, -r/--rx-depth and -n/--iters must be 1 or more";
        }
        if (numQp > SrqPingpongExchange.MAX_QP) {
            return "-q/--num-qp " + numQp + " is too many: at most " + SrqPingpongExchange.MAX_QP
                    + " (the exchange carries " + SrqPingpongExchange.RECORDS + " records)";
        }
        if (numQp > rxDepth) {
            return "-r/--rx-depth " + rxDepth + " is too small for " + numQp + " QPs: it must have at least one receive per QP";
        }
        return null;
    }
}
