package rdma.devices;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The names ibv_devinfo gives to enum values and flag bits, spelled exactly as it spells them. */
public final class DevinfoNames {
    private DevinfoNames() {
    }

    /** {@code enum ibv_transport_type}. */
    public static String transport(int transport) {
        return switch (transport) {
            case 0 -> "InfiniBand";
            case 1 -> "iWARP";
            case 2 -> "usNIC";
            case 3 -> "usNIC UDP";
            case 4 -> "unspecified";
            default -> "invalid transport";
        };
    }

    /** {@code enum ibv_port_state}. */
    public static String portState(int state) {
        return switch (state) {
            case 1 -> "PORT_DOWN";
            case 2 -> "PORT_INIT";
            case 3 -> "PORT_ARMED";
            case 4 -> "PORT_ACTIVE";
            default -> "invalid state";
        };
    }

    /** Physical port state (IBTA PortPhysicalState). */
    public static String physState(int state) {
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

    /** {@code enum ibv_atomic_cap}. */
    public static String atomicCap(int cap) {
        return switch (cap) {
            case 0 -> "ATOMIC_NONE";
            case 1 -> "ATOMIC_HCA";
            case 2 -> "ATOMIC_GLOB";
            default -> "invalid atomic capability";
        };
    }

    /** {@code enum ibv_mtu}: the enum value is not the byte count (IBV_MTU_1024 is 3). */
    public static String mtu(int mtu) {
        return switch (mtu) {
            case 1 -> "256";
            case 2 -> "512";
            case 3 -> "1024";
            case 4 -> "2048";
            case 5 -> "4096";
            default -> "invalid MTU";
        };
    }

    /** Link width: the lane count of each encoding. */
    public static String width(int width) {
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
    public static String speed(int speed) {
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
    public static String virtualLanes(int code) {
        return switch (code) {
            case 1 -> "1";
            case 2 -> "2";
            case 3 -> "4";
            case 4 -> "8";
            case 5 -> "15";
            default -> "invalid value";
        };
    }

    /** The link layer: how a port is addressed (LIDs on InfiniBand, GIDs on Ethernet). */
    public static String linkLayer(int linkLayer) {
        return switch (linkLayer) {
            case 0 -> "Unspecified";
            case 1 -> "InfiniBand";
            case 2 -> "Ethernet";
            default -> "Unknown";
        };
    }

    public static final int LINK_LAYER_ETHERNET = 2;

    /** {@code enum ibv_device_cap_flags}, in ibv_devinfo's order. */
    private static final Map<Integer, String> DEVICE_CAP_FLAGS = new LinkedHashMap<>();

    static {
        String[] names = {"RESIZE_MAX_WR", "BAD_PKEY_CNTR", "BAD_QKEY_CNTR", "RAW_MULTI",
                "AUTO_PATH_MIG", "CHANGE_PHY_PORT", "UD_AV_PORT_ENFORCE", "CURR_QP_STATE_MOD",
                "SHUTDOWN_PORT", "INIT_TYPE", "PORT_ACTIVE_EVENT", "SYS_IMAGE_GUID",
                "RC_RNR_NAK_GEN", "SRQ_RESIZE", "N_NOTIFY_CQ"};
        for (int bit = 0; bit < names.length; bit++) {
            DEVICE_CAP_FLAGS.put(1 << bit, names[bit]);
        }
        DEVICE_CAP_FLAGS.put(1 << 17, "MEM_WINDOW");
        DEVICE_CAP_FLAGS.put(1 << 18, "UD_IP_CSUM");
        DEVICE_CAP_FLAGS.put(1 << 20, "XRC");
        DEVICE_CAP_FLAGS.put(1 << 21, "MEM_MGT_EXTENSIONS");
        DEVICE_CAP_FLAGS.put(1 << 23, "MEM_WINDOW_TYPE_2A");
        DEVICE_CAP_FLAGS.put(1 << 24, "MEM_WINDOW_TYPE_2B");
        DEVICE_CAP_FLAGS.put(1 << 25, "RC_IP_CSUM");
        DEVICE_CAP_FLAGS.put(1 << 26, "RAW_IP_CSUM");
        DEVICE_CAP_FLAGS.put(1 << 29, "MANAGED_FLOW_STEERING");
    }

    /** The names of the set bits, then "Unknown flags: 0x..." for any bit without a name. */
    public static List<String> deviceCapFlags(int flags) {
        List<String> names = new ArrayList<>();
        int known = 0;
        for (Map.Entry<Integer, String> flag : DEVICE_CAP_FLAGS.entrySet()) {
            known |= flag.getKey();
            if ((flags & flag.getKey()) != 0) {
                names.add(flag.getValue());
            }
        }
        if ((flags & ~known) != 0) {
            names.add(String.format("Unknown flags: 0x%X", flags & ~known));
        }
        return names;
    }
}
