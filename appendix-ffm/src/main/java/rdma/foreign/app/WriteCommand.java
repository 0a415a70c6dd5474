package rdma.foreign.app;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import rdma.foreign.ForeignDataPath;
import rdma.write.WriteOptions;
import rdma.write.WritePerf;

/**
 * Chapter 05's RDMA WRITE test (ib_write_lat, and ib_write_bw with {@code --bw}), every option and
 * output line the same, with its data-path verbs called through {@link ForeignDataPath}: it talks
 * to chapter 05's program both ways.
 */
@Command(name = "write", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"RDMA WRITE into the peer's memory, as ib_write_lat (default) and ib_write_bw (--bw) do, its data"
                + " path through java.lang.foreign.",
                "  write [options]          be the target (server) and wait for the initiator",
                "  write [options] <host>   be the initiator (client) and write into <host>'s memory",
                "  write [--demo]           both in this JVM, on two devices (or one twice)"})
final class WriteCommand extends ForeignCommand {
    @Mixin
    WriteOptions options = new WriteOptions();

    @Override
    public Integer call() {
        refuse(options.invalid());
        return new WritePerf(options, program(), ForeignDataPath::of).run(noArguments(), parent.out(), parent.err());
    }
}
