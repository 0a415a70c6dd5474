package rdma.errors.app;

import java.io.PrintStream;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import rdma.devices.Device;
import rdma.devices.DeviceList;
import rdma.errors.ErrorsAndRecovery;
import rdma.errors.Provoked;
import rdma.support.Cli;

/**
 * Chapter 11: error completions provoked for real, each followed by the recovery of both QPs,
 * while each device context's asynchronous events are watched; and {@code asyncwatch}, rdma-core's
 * {@code ibv_asyncwatch}.
 */
@Command(name = "11-errors", mixinStandardHelpOptions = true, sortOptions = false, subcommands = {AsyncWatchCommand.class, PingpongCommand.class},
        description = {"Error completions provoked for real, and the recovery of both QPs after each.",
                "  11-errors [--case <case>]...   the cases, in turn (all of them by default)",
                "  11-errors asyncwatch [-d <dev>]  ibv_asyncwatch: print a device's asynchronous events",
                "  11-errors pingpong [options] [<host>]  ibv_rc_pingpong, whose client survives its server restarting"})
public final class ErrorsMain extends Cli.Program {
    @Option(names = {"-d", "--ib-dev"}, paramLabel = "<dev>",
            description = "the requester's device (default: the first); the responder's is the second, or this one")
    String ibDev;

    @Option(names = {"-g", "--gid-idx"}, paramLabel = "<index>", description = "local port GID index (default: the IPv4-mapped RoCE v2 GID)")
    Integer gidIndex;

    @Option(names = "--case", paramLabel = "<case>", converter = CaseConverter.class,
            description = "provoke only this case, repeatable: rem-access, len, rnr, retry or cq-overrun (default: all, in that order)")
    List<Provoked> cases = List.of();

    ErrorsMain(PrintStream out, PrintStream err) {
        super(out, err);
    }

    public static void main(String[] args) {
        Cli.main(ErrorsMain::new, args);
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        return Cli.run(ErrorsMain::new, args, out, err);
    }

    @Override
    public Integer call() {
        refuse(gidIndex != null && gidIndex < 0 ? "-g/--gid-idx must be 0 or more" : null);
        try (DeviceList list = DeviceList.open()) {
            Device requester = list.select(ibDev);
            Device responder = ibDev == null && list.devices().size() > 1 ? list.devices().get(1) : requester;
            try (ErrorsAndRecovery lesson = ErrorsAndRecovery.open(requester, responder, gidIndex, out)) {
                lesson.run(cases.isEmpty() ? List.of(Provoked.values()) : cases);
            }
        }
        return 0;
    }

    /** {@code --case rem-access}: {@link Provoked}'s constants with hyphens. */
    static final class CaseConverter extends Cli.OptionNames<Provoked> {
        CaseConverter() {
            super(Provoked.class);
        }
    }
}
