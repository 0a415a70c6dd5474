package rdma.errors.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import rdma.testsupport.ExternalCommand;
import rdma.testsupport.Prerequisite;

/** The network interface under a RoCE device, taken down and up as a pulled cable would: only as root (the lab). */
final class Link {
    private final String device;
    private final String netdev;

    private Link(String device, String netdev) {
        this.device = device;
        this.netdev = netdev;
    }

    /** The link of {@code device}; skips (or, where required, fails) the test unless it runs as root. */
    static Link of(String device) throws Exception {
        Prerequisite.require("0".equals(ExternalCommand.output(List.of("id", "-u"), "coreutils").trim()),
                "takes a network link down and up: only as root (inside the lab)");
        return new Link(device, Files.readString(Path.of("/sys/class/infiniband", device, "ports/1/gid_attrs/ndevs/0")).trim());
    }

    String netdev() {
        return netdev;
    }

    void down() throws Exception {
        ip("link", "set", netdev, "down");
    }

    /** Up again, and back to ACTIVE. */
    void up() throws Exception {
        ip("link", "set", netdev, "up");
        Path state = Path.of("/sys/class/infiniband", device, "ports/1/state");
        for (int i = 0; i < 100 && !Files.readString(state).contains("ACTIVE"); i++) {
            Thread.sleep(100);
        }
        assertThat(Files.readString(state)).contains("ACTIVE");
    }

    void ip(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("ip"));
        command.addAll(List.of(args));
        ExternalCommand run = ExternalCommand.run(Path.of("."), command, "apt-get install iproute2");
        assertThat(run.exitCode()).as("%s: %s", command, run.stderr()).isZero();
    }
}
