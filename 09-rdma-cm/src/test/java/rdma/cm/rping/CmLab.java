package rdma.cm.rping;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import rdma.cm.CmId;
import rdma.cm.EventChannel;
import rdma.devices.Device;
import rdma.devices.DeviceContext;
import rdma.devices.DeviceList;
import rdma.testsupport.LabDevices;

/**
 * The lab as the connection manager sees it: the IPv4 address of each device's interface (the
 * server's, the client's), and whether an identifier listens on a port, read from the kernel's
 * list of cm_ids ({@code rdma resource show cm_id}), as an administrator would look.
 *
 * <p>librdmacm opens a device's context the first time an identifier of the process is bound to
 * the device, and keeps it open for the life of the process (its per-process cache, closed only
 * if the device goes away). Finding the lab binds an identifier to each device once, so that the
 * leak check of every test starts with those contexts open and counts only what the test left.
 */
record CmLab(String serverAddress, String clientAddress) {
    private static CmLab found;

    static synchronized CmLab find() {
        if (found == null) {
            LabDevices lab = LabDevices.find();
            found = new CmLab(ipv4(lab.server()), ipv4(lab.client()));
            found.openLibrdmacmsContexts();
        }
        return found;
    }

    private static String ipv4(String deviceName) {
        try (DeviceList list = DeviceList.open()) {
            Device device = list.select(deviceName);
            try (DeviceContext context = DeviceContext.open(device)) {
                byte[] gid = context.port(1).ipv4RoceV2Gid().orElseThrow().raw();
                return String.join(".", Arrays.stream(new int[] {12, 13, 14, 15})
                        .mapToObj(i -> String.valueOf(Byte.toUnsignedInt(gid[i]))).toList());
            }
        }
    }

    private void openLibrdmacmsContexts() {
        try (EventChannel events = EventChannel.create(); CmId server = CmId.create(events); CmId client = CmId.create(events)) {
            server.bind(new InetSocketAddress(serverAddress, 0));
            client.bind(new InetSocketAddress(clientAddress, 0));
        }
    }

    /** Waits until a cm_id listens on {@code port}, at most 30 s. */
    static void awaitListener(int port) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (!listening(port)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no cm_id listens on port " + port + " after 30 s");
            }
            Thread.sleep(100);
        }
    }

    private static boolean listening(int port) throws IOException, InterruptedException {
        Process rdma = new ProcessBuilder(List.of("rdma", "-j", "resource", "show", "cm_id")).redirectErrorStream(true).start();
        String json = new String(rdma.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        rdma.waitFor();
        return json.contains("\"state\":\"LISTEN\"") && json.matches("(?s).*\"src-addr\":\"[^\"]*:" + port + "\".*");
    }
}
