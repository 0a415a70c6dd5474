package rdma.pingpong;

import java.io.PrintStream;
import java.net.ServerSocket;
import java.util.function.Consumer;
import rdma.devices.Device;
import rdma.devices.DeviceList;
import rdma.support.Demo;

/**
 * The three ways every two-sided program of these chapters runs, as {@link ConnectionOptions#mode}
 * decides: a server on the chosen device, a client of the given host, or both in one JVM
 * ({@link Demo}), the server on the first device and the client on the second (or the same one).
 */
public final class TwoSided {
    /** One side of a program: a server when {@code host} is null, which calls {@code listening} once it listens. */
    @FunctionalInterface
    public interface Side {
        void run(Device device, String host, PrintStream out, Consumer<ServerSocket> listening);
    }

    private TwoSided() {
    }

    /** Runs the mode the options ask for; 0 on success. {@code noArguments}: nothing was given on the command line. */
    public static int run(ConnectionOptions options, boolean noArguments, String program, PrintStream out, PrintStream err,
            Side side) {
        try (DeviceList list = DeviceList.open()) {
            Device device = list.select(options.ibDev);
            switch (options.mode(noArguments)) {
                case SERVER -> side.run(device, null, out, listener -> { });
                case CLIENT -> side.run(device, options.host, out, listener -> { });
                case DEMO -> {
                    Device clientDevice = options.ibDev == null && list.devices().size() > 1 ? list.devices().get(1) : device;
                    out.printf("demo: server on %s, client on %s, in one JVM (two terminals: no host, and a host)%n",
                            device.name(), clientDevice.name());
                    return Demo.<ServerSocket>run(program, out, err, (serverOut, listening) -> side.run(device, null, serverOut, listening),
                            (clientOut, ignored) -> side.run(clientDevice, "localhost", clientOut, ignored));
                }
                default -> throw new IllegalStateException();
            }
        }
        return 0;
    }
}
