package rdma.testsupport;

import java.util.ArrayList;
import java.util.List;
import rdma.devices.Device;
import rdma.devices.DeviceContext;
import rdma.devices.DeviceList;
import rdma.devices.Port;

/**
 * The devices the two-sided device tests run on, as the programs' demos choose them: the server
 * on the first device, the client on the second (the lab's rxe0 and rxe1), or both on the only
 * one; port 1 of each, its IPv4-mapped RoCE v2 GID index where the port is RoCE, and its active
 * MTU. Found once per test JVM.
 *
 * @param gidIndex the GID index as a command line takes it, or null on InfiniBand
 */
public record LabDevices(String server, String client, String gidIndex, int activeMtu) {
    private static LabDevices found;

    public static synchronized LabDevices find() {
        if (found == null) {
            try (DeviceList list = DeviceList.open()) {
                List<Device> devices = list.devices();
                Device first = devices.get(0);
                try (DeviceContext context = DeviceContext.open(first)) {
                    Port port = context.port(1);
                    found = new LabDevices(first.name(), devices.get(devices.size() > 1 ? 1 : 0).name(),
                            port.ipv4RoceV2Gid().map(gid -> String.valueOf(gid.index())).orElse(null),
                            port.activeMtu().orElseThrow().bytes());
                }
            }
        }
        return found;
    }

    /** {@code -d device -p port}, then {@code -g index} where the port needs a GID, then {@code more}: rdma-core's option names. */
    public List<String> args(String device, int port, String... more) {
        List<String> args = new ArrayList<>(List.of("-d", device, "-p", String.valueOf(port)));
        if (gidIndex != null) {
            args.addAll(List.of("-g", gidIndex));
        }
        args.addAll(List.of(more));
        return args;
    }
}
