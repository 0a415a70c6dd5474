package rdma.devices.devinfo;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import rdma.devices.c.GidType;
import rdma.devices.c.LinkLayer;
import rdma.devices.c.Mtu;
import rdma.devices.c.PortState;
import rdma.devices.c.QpType;
import rdma.devices.c.TransportType;

/**
 * The names ibv_devinfo gives to enum values and flag bits, spelled exactly as it spells them
 * (typos included). The enums come from the chapter's library; the flag tables name their C
 * constants so that the layout test can prove every bit.
 */
final class DevinfoNames {
    /** One flag bit ibv_devinfo names: its C constant, its value, and the word it prints. */
    record Flag(String cName, long bit, String label) {
    }

    private DevinfoNames() {
    }

    static String transport(int transport) {
        return switch (TransportType.of(transport).orElse(TransportType.IBV_TRANSPORT_UNKNOWN)) {
            case IBV_TRANSPORT_IB -> "InfiniBand";
            case IBV_TRANSPORT_IWARP -> "iWARP";
            case IBV_TRANSPORT_USNIC -> "usNIC";
            case IBV_TRANSPORT_USNIC_UDP -> "usNIC UDP";
            case IBV_TRANSPORT_UNSPECIFIED -> "unspecified";
            default -> "invalid transport";
        };
    }

    static String portState(int state) {
        return PortState.of(state)
                .filter(known -> known != PortState.IBV_PORT_NOP && known != PortState.IBV_PORT_ACTIVE_DEFER)
                .map(known -> "PORT_" + known.shortName())
                .orElse("invalid state");
    }

    /** Physical port state (IBTA PortPhysicalState); libibverbs has no enum for it. */
    static String physState(int state) {
        return switch (state) {
            case 1 -> "SLEEP";
            case 2 -> "POLLING";
            case 3 -> "DISABLED";
            case 4 -> "PORT_CONFIGURATION TRAINNING"; // sic: ibv_devinfo's spelling
            case 5 -> "LINK_UP";
            case 6 -> "LINK_ERROR_RECOVERY";
            case 7 -> "PHY TEST";
            default -> "invalid physical state";
        };
    }

    /** {@code enum ibv_atomic_cap}: IBV_ATOMIC_NONE, IBV_ATOMIC_HCA, IBV_ATOMIC_GLOB. */
    static final List<String> ATOMIC_CAPS = List.of("IBV_ATOMIC_NONE", "IBV_ATOMIC_HCA", "IBV_ATOMIC_GLOB");

    static String atomicCap(int cap) {
        return cap >= 0 && cap < ATOMIC_CAPS.size() ? ATOMIC_CAPS.get(cap).substring("IBV_".length()) : "invalid atomic capability";
    }

    /** The enum value is not the byte count: IBV_MTU_1024 is 3. */
    static String mtu(int mtu) {
        return Mtu.of(mtu).map(known -> String.valueOf(known.bytes())).orElse("invalid MTU");
    }

    /** Link width: the lane count of each encoding. */
    static String width(int width) {
        return switch (width) {
            case 1 -> "1";
            case 2 -> "4";
            case 4 -> "8";
            case 8 -> "12";
            case 16 -> "2";
            default -> "invalid width";
        };
    }

    /** Link speed per lane. */
    static String speed(int speed) {
        return switch (speed) {
            case 1 -> "2.5 Gbps";
            case 2 -> "5.0 Gbps";
            case 4, 8 -> "10.0 Gbps";
            case 16 -> "14.0 Gbps";
            case 32 -> "25.0 Gbps";
            case 64 -> "50.0 Gbps";
            case 128 -> "100.0 Gbps";
            default -> "invalid speed";
        };
    }

    /** Number of virtual lanes. */
    static String virtualLanes(int code) {
        return switch (code) {
            case 1 -> "1";
            case 2 -> "2";
            case 3 -> "4";
            case 4 -> "8";
            case 5 -> "15";
            default -> "invalid value";
        };
    }

    static String linkLayer(int linkLayer) {
        return LinkLayer.of(linkLayer).map(known -> switch (known) {
            case IBV_LINK_LAYER_UNSPECIFIED -> "Unspecified";
            case IBV_LINK_LAYER_INFINIBAND -> "InfiniBand";
            case IBV_LINK_LAYER_ETHERNET -> "Ethernet";
        }).orElse("Unknown");
    }

    /** RoCE GID types as ibv_devinfo names them; an InfiniBand GID reads as RoCE v1 in sysfs. */
    static String gidType(GidType type) {
        return type == GidType.IBV_GID_TYPE_ROCE_V2 ? "RoCE v2" : "RoCE v1";
    }

    /** {@code enum ibv_device_cap_flags}, in ibv_devinfo's order. */
    static final List<Flag> DEVICE_CAP_FLAGS = flags("IBV_DEVICE_",
            "RESIZE_MAX_WR", 0, "BAD_PKEY_CNTR", 1, "BAD_QKEY_CNTR", 2, "RAW_MULTI", 3, "AUTO_PATH_MIG", 4,
            "CHANGE_PHY_PORT", 5, "UD_AV_PORT_ENFORCE", 6, "CURR_QP_STATE_MOD", 7, "SHUTDOWN_PORT", 8,
            "INIT_TYPE", 9, "PORT_ACTIVE_EVENT", 10, "SYS_IMAGE_GUID", 11, "RC_RNR_NAK_GEN", 12,
            "SRQ_RESIZE", 13, "N_NOTIFY_CQ", 14, "MEM_WINDOW", 17, "UD_IP_CSUM", 18, "XRC", 20,
            "MEM_MGT_EXTENSIONS", 21, "MEM_WINDOW_TYPE_2A", 23, "MEM_WINDOW_TYPE_2B", 24, "RC_IP_CSUM", 25,
            "RAW_IP_CSUM", 26, "MANAGED_FLOW_STEERING", 29);

    /** The flags above bit 31 of {@code device_cap_flags_ex}. */
    static final List<Flag> DEVICE_CAP_FLAGS_EX = flags("IBV_DEVICE_",
            "RAW_SCATTER_FCS", 34, "PCI_WRITE_END_PADDING", 36);

    /** {@code enum ibv_odp_general_caps}. */
    static final List<Flag> ODP_GENERAL_CAPS = flags("IBV_", "ODP_SUPPORT", 0, "ODP_SUPPORT_IMPLICIT", 1);

    /** {@code enum ibv_odp_transport_cap_bits}; ibv_devinfo prints SRQ_RECV as SUPPORT_SRQ. */
    static final List<Flag> ODP_TRANSPORT_CAPS = List.of(
            new Flag("IBV_ODP_SUPPORT_SEND", 1, "SUPPORT_SEND"),
            new Flag("IBV_ODP_SUPPORT_RECV", 1 << 1, "SUPPORT_RECV"),
            new Flag("IBV_ODP_SUPPORT_WRITE", 1 << 2, "SUPPORT_WRITE"),
            new Flag("IBV_ODP_SUPPORT_READ", 1 << 3, "SUPPORT_READ"),
            new Flag("IBV_ODP_SUPPORT_ATOMIC", 1 << 4, "SUPPORT_ATOMIC"),
            new Flag("IBV_ODP_SUPPORT_SRQ_RECV", 1 << 5, "SUPPORT_SRQ"));

    /** {@code enum ibv_raw_packet_caps}, with ibv_devinfo's words. */
    static final List<Flag> RAW_PACKET_CAPS = List.of(
            new Flag("IBV_RAW_PACKET_CAP_CVLAN_STRIPPING", 1, "C-VLAN stripping offload"),
            new Flag("IBV_RAW_PACKET_CAP_SCATTER_FCS", 1 << 1, "Scatter FCS offload"),
            new Flag("IBV_RAW_PACKET_CAP_IP_CSUM", 1 << 2, "IP csum offload"),
            new Flag("IBV_RAW_PACKET_CAP_DELAY_DROP", 1 << 3, "Delay drop"));

    /** {@code IBV_TM_CAP_RC}: tag matching on RC queue pairs. */
    static final int TM_CAP_RC = 1;

    /** A table of flags named after their C constants: prefix + name, then the bit number, pairwise. */
    private static List<Flag> flags(String prefix, Object... nameThenBit) {
        List<Flag> table = new ArrayList<>();
        for (int i = 0; i < nameThenBit.length; i += 2) {
            String name = (String) nameThenBit[i];
            table.add(new Flag(prefix + name, 1L << (Integer) nameThenBit[i + 1], name));
        }
        return table;
    }

    /**
     * The labels of the set bits in table order, then "Unknown flags: 0x..." (upper-case hex, as
     * C's PRIX formats) for set bits outside {@code known}.
     */
    static List<String> flagLines(List<Flag> table, long bits, long known) {
        List<String> lines = new ArrayList<>();
        for (Flag flag : table) {
            if ((bits & flag.bit()) != 0) {
                lines.add(flag.label());
            }
        }
        if ((bits & ~known) != 0) {
            lines.add("Unknown flags: 0x" + Long.toHexString(bits & ~known).toUpperCase(Locale.ROOT));
        }
        return lines;
    }

    /** The bits a table names. */
    static long known(List<Flag> table) {
        long known = 0;
        for (Flag flag : table) {
            known |= flag.bit();
        }
        return known;
    }

    /** "NO SUPPORT" or the names, as print_odp_trans_caps prints them. */
    static List<String> odpTransportCaps(int caps) {
        if (caps == 0) {
            return List.of("NO SUPPORT");
        }
        return flagLines(ODP_TRANSPORT_CAPS, Integer.toUnsignedLong(caps), known(ODP_TRANSPORT_CAPS));
    }

    /** Which QP types a capability supports, as ibv_devinfo lists them. */
    static List<String> supportedQpts(int supportedQpts) {
        List<String> lines = new ArrayList<>();
        long known = 0;
        for (QpType type : List.of(QpType.IBV_QPT_RAW_PACKET, QpType.IBV_QPT_UD)) {
            known |= 1L << type.value();
            if (type.isIn(supportedQpts)) {
                lines.add("SUPPORT_" + type.shortName());
            }
        }
        long bits = Integer.toUnsignedLong(supportedQpts);
        if ((bits & ~known) != 0) {
            lines.add("Unknown flags: 0x" + Long.toHexString(bits & ~known).toUpperCase(Locale.ROOT));
        }
        return lines;
    }
}
