package rdma.srq.app;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import rdma.devices.DeviceContext;
import rdma.devices.DeviceList;
import rdma.srq.Footprint;
import rdma.support.Cli;

/**
 * {@code 12-srq footprint}: {@link Footprint} for 1 to 64 clients, as a table and a bar chart of
 * the registered receive buffers.
 */
@Command(name = "footprint", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Receive queues of their own against one shared receive queue, built on a device for 1 to 64 clients.")
public final class FootprintCommand extends Cli.Program {
    static final int[] CLIENTS = {1, 2, 4, 8, 16, 32, 64};
    static final int BAR = 50;

    @ParentCommand
    SrqMain parent;

    @Option(names = {"-d", "--ib-dev"}, paramLabel = "<dev>", description = "use IB device <dev> (default first device found)")
    String ibDev;

    @Option(names = {"-r", "--rx-depth"}, paramLabel = "<dep>", description = "receives of each QP's own queue (default ${DEFAULT-VALUE}, ibv_rc_pingpong's)")
    int depth = 500;

    @Option(names = {"-s", "--size"}, paramLabel = "<size>", description = "bytes of each receive buffer (default ${DEFAULT-VALUE})")
    int size = 4096;

    FootprintCommand() {
        super(System.out, System.err);
    }

    @Override
    public PrintStream out() {
        return parent == null ? out : parent.out();
    }

    @Override
    public Integer call() {
        refuse(depth < 1 || size < 1 ? "-r/--rx-depth and -s/--size must be 1 or more" : null);
        List<Footprint.Row> rows = new ArrayList<>();
        try (DeviceList list = DeviceList.open(); DeviceContext context = DeviceContext.open(list.select(ibDev))) {
            out().printf("%s: %d receives of %d bytes for each QP's own queue, against one SRQ of max(128, 4 x clients)%n",
                    context.device().name(), depth, size);
            out().println(" clients | own queues: receives  MiB registered | one SRQ: receives  MiB registered | SRQ/own");
            for (int clients : CLIENTS) {
                Footprint.Row row = Footprint.measure(context, clients, depth, size);
                rows.add(row);
                out().printf(" %7d | %20d %15.1f | %17d %15.1f | %6.3f%n", clients, row.ownReceives(), mib(row.ownBytes()),
                        row.sharedReceives(), mib(row.sharedBytes()), (double) row.sharedBytes() / row.ownBytes());
            }
        }
        chart(rows);
        return 0;
    }

    /** One bar per number of clients and arrangement, scaled to the largest: MiB of receive buffers registered. */
    private void chart(List<Footprint.Row> rows) {
        double largest = mib(rows.get(rows.size() - 1).ownBytes());
        out().println("MiB registered for receives (each # is " + String.format("%.1f", largest / BAR) + " MiB):");
        for (Footprint.Row row : rows) {
            out().printf(" %2d own  %-" + BAR + "s %6.1f%n", row.clients(), bar(mib(row.ownBytes()), largest), mib(row.ownBytes()));
            out().printf(" %2d SRQ  %-" + BAR + "s %6.1f%n", row.clients(), bar(mib(row.sharedBytes()), largest),
                    mib(row.sharedBytes()));
        }
    }

    private static String bar(double value, double largest) {
        return "#".repeat(Math.max(1, (int) Math.round(value / largest * BAR)));
    }

    private static double mib(long bytes) {
        return bytes / (1024.0 * 1024.0);
    }
}
