package rdma.devices.devinfo;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import rdma.devices.Device;
import rdma.devices.DeviceContext;
import rdma.devices.DeviceList;
import rdma.support.Cli;

/**
 * Chapter 01: lists the RDMA devices (ibv_devices), then opens each one, or the one named by
 * -d, and prints what the device and its ports report (ibv_devinfo).
 */
@Command(name = "01-devices", mixinStandardHelpOptions = true, sortOptions = false,
        description = "List RDMA devices as ibv_devices does, then print each one as ibv_devinfo does.")
public final class DevicesMain extends Cli.Program {
    @Option(names = {"-d", "--ib-dev"}, paramLabel = "<dev>", description = "use IB device <dev> (default: every device)")
    String ibDev;

    @Option(names = {"-i", "--ib-port"}, paramLabel = "<port>", description = "use port <port> of the IB device (default: every port)")
    Integer ibPort;

    @Option(names = {"-v", "--verbose"}, description = "print the device capabilities and each port's GID table")
    boolean verbose;


    DevicesMain(PrintStream out, PrintStream err) {
        super(out, err);
    }

    public static void main(String[] args) {
        Cli.main(DevicesMain::new, args);
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        return Cli.run(DevicesMain::new, args, out, err);
    }

    @Override
    public Integer call() {
        if (ibPort != null && ibPort < 1) {
            throw new ParameterException(spec.commandLine(), "-i/--ib-port must be 1 or more (ports are numbered from 1)");
        }
        // Everything is printed into a buffer first, so that an error (a bad port on the second
        // device, say) leaves no half-printed report behind: the learner sees one line, only.
        ByteArrayOutputStream report = new ByteArrayOutputStream();
        DevinfoPrinter printer = new DevinfoPrinter(new PrintStream(report, true, StandardCharsets.UTF_8), verbose);
        try (DeviceList list = DeviceList.open()) {
            List<Device> chosen = ibDev == null ? list.devices() : List.of(list.find(ibDev));
            list.first(); // no devices at all is an error, not an empty table
            printer.printDeviceTable(list.devices());
            printer.printBlankLine();
            List<String> gidNotes = new ArrayList<>();
            for (Device device : chosen) {
                try (DeviceContext context = DeviceContext.open(device)) {
                    printer.printDevice(context, ibPort, gidNotes);
                }
            }
            printer.printGidNotes(gidNotes);
        }
        out.print(report.toString(StandardCharsets.UTF_8));
        out.flush();
        return 0;
    }
}
