package rdma.pingpong;

import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import rdma.devices.c.Mtu;

/**
 * The options every two-sided program of these chapters shares, as {@code ibv_rc_pingpong} spells
 * them: no host makes a server, a host makes a client that connects to it, and {@code --demo}
 * (or no arguments at all) runs both in one JVM. A picocli mixin: a chapter's command declares
 * {@code @Mixin ConnectionOptions connection = new ConnectionOptions(18515)} with its own default
 * TCP port, so that two chapters can run side by side.
 */
public final class ConnectionOptions {
    @Parameters(arity = "0..1", paramLabel = "<host>",
            description = "connect to the server at <host>; without a host, be the server and wait for a connection")
    public String host;

    @Option(names = "--demo", description = "run the server and a client in this JVM, on two devices (or one twice);"
            + " what no arguments at all do")
    public boolean demo;

    @Option(names = {"-p", "--port"}, paramLabel = "<port>", description = "listen on/connect to port <port> (default ${DEFAULT-VALUE})")
    public int port;

    @Option(names = {"-d", "--ib-dev"}, paramLabel = "<dev>", description = "use IB device <dev> (default first device found)")
    public String ibDev;

    @Option(names = {"-i", "--ib-port"}, paramLabel = "<port>", description = "use port <port> of IB device (default ${DEFAULT-VALUE})")
    public int ibPort = 1;

    @Option(names = {"-m", "--mtu"}, paramLabel = "<size>", description = "path MTU (default ${DEFAULT-VALUE})")
    public int mtu = 1024;

    @Option(names = {"-l", "--sl"}, paramLabel = "<sl>", description = "service level value (default ${DEFAULT-VALUE})")
    public int sl = 0;

    @Option(names = {"-g", "--gid-idx"}, paramLabel = "<gid index>",
            description = "local port gid index (default: the IPv4-mapped RoCE v2 GID on Ethernet, none on InfiniBand)")
    public Integer gidIdx;

    /** The three ways a program runs. */
    public enum Mode {
        SERVER, CLIENT, DEMO
    }

    public ConnectionOptions(int defaultPort) {
        this.port = defaultPort;
    }

    /** Needed by picocli for a mixin it creates itself; chapters pass their port. */
    public ConnectionOptions() {
        this(18515);
    }

    /** No arguments at all is a demo, as is --demo; otherwise a host makes a client, no host a server. */
    public Mode mode(boolean noArguments) {
        if (demo || noArguments) {
            return Mode.DEMO;
        }
        return host != null ? Mode.CLIENT : Mode.SERVER;
    }

    /** The path MTU as verbs take it. */
    public Mtu pathMtu() {
        return Mtu.ofBytes(mtu).orElseThrow();
    }

    /** Every check that needs no device; each failure names the option and what it accepts. */
    public String invalid() {
        if (demo && host != null) {
            return "give either --demo or a host to connect to, not both";
        }
        if (Mtu.ofBytes(mtu).isEmpty()) {
            return "bad MTU value " + mtu + ": use 256, 512, 1024, 2048 or 4096";
        }
        if (port < 1 || port > 65535) {
            return "-p/--port must be between 1 and 65535";
        }
        if (ibPort < 1) {
            return "-i/--ib-port must be 1 or more";
        }
        if (sl < 0 || sl > 15) {
            return "-l/--sl must be between 0 and 15";
        }
        return null;
    }
}
