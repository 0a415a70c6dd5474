package rdma.devices;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import rdma.testsupport.LayoutProbe;

/** This chapter's structures and constants, proven against gcc and the installed rdma-core headers. */
class LayoutTest {
    static final Path PROBE_DIRECTORY = Path.of("target", "layout-probe");

    @Test
    void everyStructureMatchesTheCHeaders() throws Exception {
        LayoutProbe probe = new LayoutProbe()
                .add("struct ibv_device", ibv_device.class)
                .add("struct ibv_device_attr", ibv_device_attr.class)
                .add("struct ibv_port_attr", ibv_port_attr.class)
                .add("union ibv_gid", ibv_gid.class)
                .addMember("union ibv_gid", "global", ibv_gid.global_struct.class)
                .add("struct ibv_gid_entry", ibv_gid_entry.class)
                .constant("IBV_LINK_LAYER_ETHERNET", DevinfoNames.LINK_LAYER_ETHERNET)
                .constant("IBV_GID_TYPE_ROCE_V2", GidType.ROCE_V2.ordinal())
                .constant("IBV_GID_TYPE_ROCE_V1", GidType.ROCE_V1.ordinal());

        assertThat(probe.mismatches(PROBE_DIRECTORY)).isEmpty();
    }

    /** A structure whose members are declared out of order, as a typo would. */
    @FieldOrder({"active_mtu", "state", "max_mtu"})
    public static class ShuffledPortAttr extends Structure {
        public int active_mtu;
        public int state;
        public int max_mtu;
    }

    @Test
    void theProbeCatchesAWrongLayout() throws Exception {
        LayoutProbe probe = new LayoutProbe().add("struct ibv_port_attr", ShuffledPortAttr.class);

        assertThat(probe.mismatches(PROBE_DIRECTORY.resolve("wrong")))
                .contains("struct ibv_port_attr offsetof active_mtu: C says 8, JNA says 0",
                        "struct ibv_port_attr offsetof state: C says 0, JNA says 4")
                .anySatisfy(line -> assertThat(line).startsWith("struct ibv_port_attr sizeof: C says "));
    }
}
