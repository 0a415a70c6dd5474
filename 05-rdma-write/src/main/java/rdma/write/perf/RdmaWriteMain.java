package rdma.write.perf;

import java.io.PrintStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import rdma.support.Cli;
import rdma.write.WriteOptions;
import rdma.write.WritePerf;

/**
 * Chapter 05: RDMA WRITE, as perftest's ib_write_lat and ib_write_bw measure it ({@link WritePerf}),
 * its data path through JNA as in every chapter.
 */
@Command(name = "05-rdma-write", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"RDMA WRITE into the peer's memory, as ib_write_lat (default) and ib_write_bw (--bw) do.",
                "  05-rdma-write [options]          be the target (server) and wait for the initiator",
                "  05-rdma-write [options] <host>   be the initiator (client) and write into <host>'s memory",
                "  05-rdma-write [--demo]           both in this JVM, on two devices (or one twice)"})
public final class RdmaWriteMain extends Cli.Program {
    @Mixin
    WriteOptions options = new WriteOptions();

    RdmaWriteMain(PrintStream out, PrintStream err) {
        super(out, err);
    }

    public static void main(String[] args) {
        Cli.main(RdmaWriteMain::new, args);
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        return Cli.run(RdmaWriteMain::new, args, out, err);
    }

    @Override
    public Integer call() {
        refuse(options.invalid());
        return new WritePerf(options, spec.name()).run(noArguments(), out, err);
    }
}
