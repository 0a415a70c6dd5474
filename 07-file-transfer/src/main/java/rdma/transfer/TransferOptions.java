package rdma.transfer;

import java.net.InetAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.TypeConversionException;
import rdma.pingpong.ConnectionOptions;
import rdma.transfer.access.Admission;
import rdma.transfer.access.Cidr;

/**
 * The file transfer's options, a picocli mixin public for every program of this protocol: chapter 04's connection
 * options, the files to send after the host, and the receiver's and the pipeline's own. The chunk
 * size and the depth are each side's offer: the two settle on the smaller of each.
 */
public final class TransferOptions {
    /** Measured in the lab against larger and smaller ones (the README has the table). */
    public static final int DEFAULT_CHUNK = 1 << 20;
    public static final int DEFAULT_DEPTH = 8;

    @Mixin
    public ConnectionOptions connection;

    @Parameters(index = "1..*", paramLabel = "<file>", description = "the files to send to <host>")
    public List<Path> files = new ArrayList<>();

    @Option(names = "--server", description = "receive: wait for senders, one after another, until stopped (what no host"
            + " means too; the name says it where no other option is given)")
    public boolean server;

    @Option(names = "--dir", paramLabel = "<dir>", description = "receiver: where the files go (default: the current directory)")
    public Path dir = Path.of(".");

    @Option(names = "--force", description = "receiver: replace a file that exists (default: refuse it)")
    public boolean force;

    @Option(names = "--max-size", paramLabel = "<size>", converter = SizeConverter.class,
            description = "receiver: refuse files larger than <size> (such as 10G; default: no limit but the free space)")
    public long maxSize = Long.MAX_VALUE;

    @Option(names = "--once", description = "receiver: serve one sender, then exit (0 when every file arrived verified)")
    public boolean once;

    @Option(names = "--bind", paramLabel = "<address>", converter = Cidr.AddressConverter.class,
            description = "receiver: listen on this address of the machine only (default: on every address)")
    public InetAddress bind;

    @Option(names = "--allow", paramLabel = "<address[/bits]>", converter = Cidr.Converter.class,
            description = "receiver: let in senders from this address or block (192.0.2.0/24) only; repeat it for more"
                    + " (default: every sender that reaches the port)")
    public List<Cidr> allow = new ArrayList<>();

    @Option(names = "--chunk", paramLabel = "<size>", converter = SizeConverter.class,
            description = "bytes per RDMA WRITE, at most the port's max_msg_sz (default 1M)")
    public long chunk = DEFAULT_CHUNK;

    @Option(names = "--depth", paramLabel = "<n>", description = "chunks in flight, and slots in the receiver's ring (default ${DEFAULT-VALUE})")
    public int depth = DEFAULT_DEPTH;

    /** The file transfer's port: every program that speaks its protocol listens here by default. */
    public static final int PORT = 18518;

    public TransferOptions(int defaultPort) {
        connection = new ConnectionOptions(defaultPort);
    }

    /** With chapter 07's port; picocli needs it for a mixin it creates itself. */
    public TransferOptions() {
        this(PORT);
    }

    /** Who may send to the receiver: --bind and --allow. */
    public Admission admission() {
        return new Admission(bind, allow);
    }

    /** The chunk size as a work request's length takes it. */
    public int chunkSize() {
        return (int) chunk;
    }

    /** Every check that needs no device, or null when all pass. */
    public String invalid() {
        String invalid = connection.invalid();
        if (invalid != null) {
            return invalid;
        }
        if (server && (connection.host != null || !files.isEmpty())) {
            return "--server receives: give it no host and no files";
        }
        if (!server && !connection.demo && connection.host != null && files.isEmpty()) {
            return "name the files to send after the host";
        }
        if ((bind != null || !allow.isEmpty()) && (connection.host != null || connection.demo)) {
            return "--bind and --allow are the receiver's: give them with --server, without a host";
        }
        if (chunk < 1 || chunk > Integer.MAX_VALUE) {
            return "--chunk must be between 1 byte and 2G";
        }
        if (depth < 1 || depth > 4096) {
            return "--depth must be between 1 and 4096";
        }
        if ((long) depth * chunk > (16L << 30)) {
            return "--depth times --chunk must stay within 16G of registered memory";
        }
        if (maxSize < 0) {
            return "--max-size must be 0 or more";
        }
        return null;
    }

    /** "64K", "1M", "10G" or plain bytes, in powers of 1024 as memory is counted. */
    public static final class SizeConverter implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            String digits = value;
            int shift = 0;
            if (!value.isEmpty()) {
                int unit = "KMGT".indexOf(Character.toUpperCase(value.charAt(value.length() - 1)));
                if (unit >= 0) {
                    shift = 10 * (unit + 1);
                    digits = value.substring(0, value.length() - 1);
                }
            }
            try {
                long number = Long.parseLong(digits);
                if (number < 0 || number > (Long.MAX_VALUE >> shift)) {
                    throw new NumberFormatException();
                }
                return number << shift;
            } catch (NumberFormatException notASize) {
                throw new TypeConversionException("expected a size such as 4096, 64K, 1M or 10G, not '" + value + "'");
            }
        }
    }
}
