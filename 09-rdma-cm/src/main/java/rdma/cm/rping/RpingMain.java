package rdma.cm.rping;

import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import rdma.support.Cli;
import rdma.support.VerbsException;

/**
 * Chapter 09: rdma-core's {@code rping} in Java. The connection manager (librdmacm) connects the
 * two sides from an IP address and a port: it finds the device, the port and the GID, carries
 * the connection request and the reply, and walks both QPs to RTS. Then each ping is rping's
 * exchange of SENDs, an RDMA READ and an RDMA WRITE. Same options, wire protocol and output
 * lines as the C tool, so either side can be the other's peer.
 */
@Command(name = "09-rdma-cm", sortOptions = false,
        description = {"rping: a ping over RDMA, connected by the RDMA connection manager, as rdma-core's rping.",
                "  09-rdma-cm -s [-vVd] [-S size] [-C count] [-a addr] [-p port] [-P]",
                "  09-rdma-cm -c [-vVd] [-S size] [-C count] [-I addr] -a addr [-p port]",
                "  09-rdma-cm                       the demo: both sides in this JVM, every CM event shown"})
public final class RpingMain extends Cli.Program {
    /** rping.c's default port. */
    static final int PORT = 7174;
    /** {@code RPING_MIN_BUFSIZE}: room for "rdma-ping-2147483647: " and its NUL, as rping.c computes it. */
    static final int MIN_SIZE = 26;
    /** {@code RPING_BUFSIZE - 1}: the largest size rping.c accepts. */
    static final int MAX_SIZE = 64 * 1024 - 1;

    @Option(names = "-s", description = "server side")
    boolean server;

    @Option(names = "-c", description = "client side")
    boolean client;

    @Option(names = "-a", paramLabel = "addr", description = "address: the server's (client), or the one to listen on"
            + " (server; default: all)")
    String address;

    @Option(names = "-I", paramLabel = "addr", description = "source address to bind to for client")
    String source;

    @Option(names = "-p", paramLabel = "port", description = "port (default ${DEFAULT-VALUE})")
    int port = PORT;

    @Option(names = "-C", paramLabel = "count", description = "ping count times (default: until stopped)")
    int count;

    @Option(names = "-S", paramLabel = "size", description = "ping data size (default ${DEFAULT-VALUE}; " + MIN_SIZE + " to "
            + MAX_SIZE + ")")
    int size = 64;

    @Option(names = "-v", description = "display ping data to stdout")
    boolean verbose;

    @Option(names = "-V", description = "validate ping data")
    boolean validate;

    @Option(names = "-d", description = "debug printfs: every connection manager event, and the QP's state after it")
    boolean debug;

    @Option(names = "-P", description = "persistent server: serve clients one after another, until stopped")
    boolean persistent;

    /** rping's own help option; picocli's standard pair would also take -V, which is rping's validate. */
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help and exit")
    boolean help;

    RpingMain(PrintStream out, PrintStream err) {
        super(out, err);
    }

    public static void main(String[] args) {
        Cli.main(RpingMain::new, args);
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        return Cli.run(RpingMain::new, args, out, err);
    }

    @Override
    public Integer call() {
        if (noArguments()) {
            return RpingDemo.run(spec.name(), out, err);
        }
        refuse(invalid());
        Rping.Settings settings = new Rping.Settings(size, count, verbose, validate, debug ? new CmTrace(out) : CmTrace.OFF);
        if (server) {
            InetAddress listenOn = address == null ? anyAddress() : resolve("-a", address);
            Rping.server(new InetSocketAddress(listenOn, port), persistent, settings, out, listener -> { },
                    failed -> err.println(spec.name() + ": " + failed.getMessage()));
        } else {
            InetSocketAddress from = source == null ? null : new InetSocketAddress(resolve("-I", source), 0);
            Rping.client(new InetSocketAddress(resolve("-a", address), port), from, settings, out);
        }
        return 0;
    }

    /** What is wrong with the options, before anything is opened; null when nothing is. */
    private String invalid() {
        if (server == client) {
            return server ? "pass -s (server) or -c (client), not both" : "pass -s (server) or -c (client), as rping; no"
                    + " arguments at all run the demo";
        }
        if (client && address == null) {
            return "-a <addr> is needed with -c: the server's address";
        }
        if (size < MIN_SIZE || size > MAX_SIZE) {
            return "-S " + size + ": the valid range is " + MIN_SIZE + " to " + MAX_SIZE + ", as rping's";
        }
        if (count < 0) {
            return "-C " + count + ": the count must be 0 (until stopped) or more";
        }
        if (port < 1 || port > 65535) {
            return "-p " + port + ": a port is 1 to 65535";
        }
        if (persistent && !server) {
            return "-P is for the server (-s)";
        }
        return source != null && !client ? "-I is for the client (-c)" : null;
    }

    private static InetAddress resolve(String option, String host) {
        try {
            return InetAddress.getByName(host);
        } catch (UnknownHostException unknown) {
            throw new VerbsException(option + " " + host, "unknown host: no address for that name",
                    "Pass an IP address, or a name this machine resolves (getent hosts " + host + ")");
        }
    }

    private static InetAddress anyAddress() {
        try {
            return InetAddress.getByAddress(new byte[4]); // INADDR_ANY, as rping.c's zeroed sockaddr_in
        } catch (UnknownHostException impossible) {
            throw new IllegalStateException(impossible);
        }
    }
}
