package rdma.foreign.app;

import java.io.PrintStream;
import picocli.CommandLine.Command;
import rdma.support.Cli;

/**
 * The appendix: two chapters' programs, every option and output line the same, with their
 * data-path verbs called through {@link rdma.foreign.ForeignDataPath} instead of JNA. With no
 * arguments, each one's demo.
 */
@Command(name = "appendix-ffm", mixinStandardHelpOptions = true, subcommands = {PingpongCommand.class, WriteCommand.class},
        description = {"Chapters 04 and 05 with their data path through java.lang.foreign.",
                "  appendix-ffm pingpong [options] [<host>]   04-rc-pingpong: ibv_rc_pingpong",
                "  appendix-ffm write [options] [<host>]      05-rdma-write: ib_write_lat (and ib_write_bw with --bw)",
                "  appendix-ffm                               both demos, one after the other"})
public final class ForeignMain extends Cli.Program {
    ForeignMain(PrintStream out, PrintStream err) {
        super(out, err);
    }

    public static void main(String[] args) {
        Cli.main(ForeignMain::new, args);
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        return Cli.run(ForeignMain::new, args, out, err);
    }

    /** Both demos: each program with no arguments. */
    @Override
    public Integer call() {
        int status = run(new String[] {"pingpong"}, out, err);
        return status != 0 ? status : run(new String[] {"write"}, out, err);
    }
}
