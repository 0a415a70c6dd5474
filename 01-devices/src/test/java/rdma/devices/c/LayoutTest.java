package rdma.devices.c;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import rdma.support.Errno;
import rdma.support.Layout;
import rdma.testsupport.LayoutProbe;
import rdma.testsupport.OptionalTool;

/** This chapter's structures and constants, proven against gcc and the installed rdma-core headers. */
class LayoutTest {
    @Test
    void everyStructureAndConstantMatchesTheCHeaders() throws Exception {
        LayoutProbe probe = new LayoutProbe()
                .structs(ibv_device.class, ibv_device_attr.class, ibv_device_attr_ex.class, ibv_device_attr_ex.ibv_odp_caps.class,
                        ibv_device_attr_ex.ibv_tso_caps.class, ibv_device_attr_ex.ibv_rss_caps.class,
                        ibv_device_attr_ex.ibv_packet_pacing_caps.class, ibv_device_attr_ex.ibv_tm_caps.class,
                        ibv_device_attr_ex.ibv_cq_moderation_caps.class, ibv_device_attr_ex.ibv_pci_atomic_caps.class,
                        ibv_port_attr.class, ibv_gid_entry.class, ibv_context.class, ibv_context_ops.class)
                .addMember("struct ibv_odp_caps", "per_transport_caps", ibv_device_attr_ex.per_transport_caps_struct.class)
                .add("union ibv_gid", ibv_gid.class)
                .addMember("union ibv_gid", "global", ibv_gid.global_struct.class)
                .constant("offsetof(struct verbs_context, context)", verbs_context.contextOffset())
                .constant("sizeof(struct verbs_context) - sizeof(struct ibv_context)", verbs_context.contextOffset())
                .constant("sizeof(pthread_mutex_t)", PthreadTypes.mutex().length * 8L)
                .constant("sizeof(pthread_cond_t)", PthreadTypes.cond().length * 8L)
                .constant("(long long)(uintptr_t)__VERBS_ABI_IS_EXTENDED", verbs_context.VERBS_ABI_IS_EXTENDED)
                .constants(Mtu.class).constants(LinkLayer.class).constants(PortState.class).constants(GidType.class)
                .constants(TransportType.class).constants(QpType.class);
        for (String op : new String[] {"query_port", "query_device_ex", "sz", "_ABI_placeholder3", "close_xrcd"}) {
            probe.constant("(long long)offsetof(struct verbs_context, " + op + ") - (long long)offsetof(struct verbs_context, context)",
                    verbs_context.opOffsetFromContext(op));
        }
        for (java.lang.reflect.Field errno : Errno.class.getFields()) {
            probe.constant(errno.getName(), errno.getInt(null));
        }

        probe.assertMatchesTheHeaders();
    }

    /**
     * The structures whose size depends on the platform, laid out as on aarch64 (glibc's 48-byte
     * mutex) and compared with what aarch64's C compiler makes of the same headers. Nothing runs on
     * aarch64: the cross compiler's numbers are read from the symbol table of the object it writes.
     */
    @Test
    void platformSizedStructuresMatchAarch64() throws Exception {
        new LayoutProbe().add("struct ibv_context", () -> {
            ibv_context context = new ibv_context();
            context.mutex = new long[PthreadTypes.mutexSize("aarch64") / 8];
            return context;
        }).assertMatchesAarch64("aarch64");
    }

    @Test
    void pathsReachIntoNestedStructures() {
        Layout context = Layout.of(ibv_context.class);
        assertThat(context.offsetOf("ops.post_send"))
                .isEqualTo(context.offsetOf("ops") + Layout.of(ibv_context_ops.class).offsetOf("post_send"));
        assertThat(Layout.of(ibv_device_attr_ex.class).offsetOf("odp_caps.per_transport_caps.ud_odp_caps"))
                .isEqualTo(Layout.of(ibv_device_attr_ex.class).offsetOf("odp_caps")
                        + Layout.of(ibv_device_attr_ex.ibv_odp_caps.class).offsetOf("per_transport_caps") + 8);
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

        assertThat(probe.mismatches(LayoutProbe.PROBE_DIRECTORY.resolve("wrong")))
                .contains("struct ibv_port_attr offsetof active_mtu: C says 8, JNA says 0",
                        "struct ibv_port_attr offsetof state: C says 0, JNA says 4")
                .anySatisfy(line -> assertThat(line).startsWith("struct ibv_port_attr sizeof: C says "));
    }

    @Test
    void theCrossProbeCatchesAWrongLayoutToo() throws Exception {
        requireCrossCompiler();
        LayoutProbe probe = new LayoutProbe().add("struct ibv_context", ibv_context.class);

        assertThat(probe.crossMismatches(LayoutProbe.PROBE_DIRECTORY.resolve("aarch64-wrong"), "aarch64-linux-gnu-gcc", "aarch64-linux-gnu-nm"))
                .as("the x86-64 mutex size, compared with aarch64's C compiler")
                .contains("struct ibv_context offsetof abi_compat: C says 328, JNA says 320");
    }

    /** The cross compiler is not among the README's prerequisites: without it these two tests are skipped, and say why. */
    private static void requireCrossCompiler() {
        OptionalTool.require("aarch64-linux-gnu-gcc", "apt-get install gcc-aarch64-linux-gnu libc6-dev-arm64-cross");
    }
}
