package rdma.errors.app;

import java.io.PrintStream;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import rdma.devices.Device;
import rdma.devices.DeviceContext;
import rdma.devices.DeviceList;
import rdma.errors.AsyncEvents;
import rdma.errors.c.EventType;
import rdma.support.Cli;

/**
 * rdma-core's {@code ibv_asyncwatch}: opens a device and prints each asynchronous event it gets,
 * with the C tool's options and lines. A process that owns no QP, CQ or SRQ gets only the device's
 * and its ports' events; like the C tool, it prints the name of those and "unexpected" for any
 * other. It runs until it is stopped, or for {@code --seconds}.
 */
@Command(name = "asyncwatch", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Print the asynchronous events of a device as ibv_asyncwatch does, until stopped.")
public final class AsyncWatchCommand extends Cli.Program {
    @ParentCommand
    ErrorsMain parent;

    @Option(names = {"-d", "--ib-dev"}, paramLabel = "<dev>", description = "use IB device <dev> (default first device found)")
    String ibDev;

    @Option(names = "--seconds", paramLabel = "<s>", description = "stop after <s> seconds (default: never; the C tool has no such option)")
    Integer seconds;

    AsyncWatchCommand(PrintStream out, PrintStream err) {
        super(out, err);
    }

    AsyncWatchCommand() {
        this(null, null);
    }

    @Override
    public Integer call() {
        refuse(seconds != null && seconds < 1 ? "--seconds must be 1 or more" : null);
        PrintStream print = parent.out();
        try (DeviceList list = DeviceList.open(); DeviceContext context = DeviceContext.open(list.select(ibDev))) {
            Device device = context.device();
            AsyncEvents events = AsyncEvents.of(context);
            print.printf("%s: async event FD %d%n", device.name(), events.fd());
            long end = seconds == null ? Long.MAX_VALUE : System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            while (System.nanoTime() - end < 0) {
                events.next(TimeUnit.MILLISECONDS.toNanos(200)).ifPresent(event ->
                        print.printf("  event_type %s (%d), port %d%n", cToolName(event.type()), event.type(), event.port()));
            }
        }
        return 0;
    }

    /** The C tool's names: those of the events that reach a process without QPs, "unexpected" for the rest. */
    static String cToolName(int type) {
        return EventType.of(type).filter(known -> known.element() == EventType.Element.PORT
                || known == EventType.IBV_EVENT_DEVICE_FATAL).map(EventType::name).orElse("unexpected");
    }
}
