package rdma.pingpong;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code ibv_rc_pingpong}'s options and defaults, as a picocli mixin, public for every pingpong. */
public final class PingpongOptions {
    /** ibv_rc_pingpong's default TCP port. */
    public static final int PORT = 18515;

    @Mixin
    public ConnectionOptions connection = new ConnectionOptions(PORT);

    @Option(names = {"-s", "--size"}, paramLabel = "<size>", description = "size of message to exchange (default ${DEFAULT-VALUE})")
    public int size = 4096;

    @Option(names = {"-r", "--rx-depth"}, paramLabel = "<dep>", description = "number of receives to post at a time (default ${DEFAULT-VALUE})")
    public int rxDepth = 500;

    @Option(names = {"-n", "--iters"}, paramLabel = "<iters>", description = "number of exchanges (default ${DEFAULT-VALUE})")
    public int iters = 1000;

    @Option(names = {"-c", "--chk"}, description = "validate received buffer")
    public boolean check;

    /** Every check that needs no device, or null when all pass. */
    public String invalid() {
        String invalid = connection.invalid();
        if (invalid != null) {
            return invalid;
        }
        if (size < 1 || rxDepth < 1 || iters < 1) {
            return "-s/--size, -r/--rx-depth and -n/--iters must be 1 or more";
        }
        return null;
    }
}
