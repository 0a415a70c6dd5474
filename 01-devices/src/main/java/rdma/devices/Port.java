package rdma.devices;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import rdma.devices.c.LinkLayer;
import rdma.devices.c.Mtu;
import rdma.devices.c.PortState;
import rdma.devices.c.ibv_port_attr;
import rdma.support.CEnum;
import rdma.support.VerbsException;

/**
 * One port of an open device, as {@code ibv_query_port} described it when it was asked: its
 * state, MTUs, link layer and LID, and its GID table. Everything a connection needs to know about
 * its own side before it talks to a peer is checked here, so that a wrong device, port, GID index
 * or MTU is an error at start-up, never a connection that silently goes nowhere.
 */
public final class Port {
    private final DeviceContext context;
    private final int number;
    private final ibv_port_attr attr;

    Port(DeviceContext context, int number, ibv_port_attr attr) {
        this.context = context;
        this.number = number;
        this.attr = attr;
    }

    public DeviceContext context() {
        return context;
    }

    public int number() {
        return number;
    }

    /** What {@code ibv_query_port} filled in. */
    public ibv_port_attr attr() {
        return attr;
    }

    /** "rxe0 port 1". */
    public String name() {
        return context.device().name() + " port " + number;
    }

    public boolean isEthernet() {
        return attr.link_layer == LinkLayer.IBV_LINK_LAYER_ETHERNET.value();
    }

    /** The LID (InfiniBand); 0 on RoCE. */
    public int lid() {
        return Short.toUnsignedInt(attr.lid);
    }

    /** {@code max_msg_sz}: the largest message one work request may carry on this port. */
    public long maxMessageSize() {
        return Integer.toUnsignedLong(attr.max_msg_sz);
    }

    public Optional<Mtu> activeMtu() {
        return Mtu.of(attr.active_mtu);
    }

    /** Throws unless the port is ACTIVE, the only state that carries traffic. */
    public void requireActive() {
        if (attr.state != PortState.IBV_PORT_ACTIVE.value()) {
            String state = PortState.of(attr.state).map(CEnum::shortName).orElse("state " + attr.state);
            throw new VerbsException("ibv_query_port(" + name() + ")", "the port is " + state + ", not ACTIVE",
                    isEthernet() ? "Bring its network interface up (ip link set <interface> up) and check the cable"
                            : "Check the cable and that a subnet manager runs on the fabric (sminfo)");
        }
    }

    /** Throws when an InfiniBand port has no LID yet: nothing could address it. */
    public void requireAddress() {
        if (!isEthernet() && lid() == 0) {
            throw new VerbsException("ibv_query_port(" + name() + ")", "the port has no LID",
                    "Is a subnet manager running on this InfiniBand fabric (sminfo)?");
        }
    }

    /**
     * The path MTU {@code wanted}, if this port can carry it: a path MTU above the port's active MTU
     * is accepted by some devices at RTR and then drops every larger packet, a silent failure.
     */
    public Mtu requirePathMtu(Mtu wanted) {
        Mtu active = activeMtu().orElse(Mtu.IBV_MTU_256);
        if (wanted.value() > active.value()) {
            throw new VerbsException("-m/--mtu " + wanted.bytes(), "the path MTU " + wanted.bytes()
                    + " is larger than the active MTU of " + name() + " (" + active.bytes() + ")",
                    "Pass -m " + active.bytes() + " or less on both sides (ibv_devinfo shows active_mtu)");
        }
        return wanted;
    }

    /** The used entries of the GID table, as ibv_devinfo lists them (entries with a zero interface id are unused). */
    public List<GidEntry> gidTable() {
        return usedGids().collect(Collectors.toList());
    }

    /**
     * The port's IPv4-mapped RoCE v2 GID, the one RoCE programs usually want. The search stops at
     * the first: a soft-RoCE port's table has 1024 entries, nearly all of them unused, and each is
     * a query of its own.
     */
    public Optional<GidEntry> ipv4RoceV2Gid() {
        return usedGids().filter(GidEntry::isIpv4RoceV2).findFirst();
    }

    /** The used entries in table order, each queried only when the stream reaches it. */
    private Stream<GidEntry> usedGids() {
        return IntStream.range(0, attr.gid_tbl_len).mapToObj(this::usedEntry).flatMap(Optional::stream);
    }

    /** Entry {@code index} of the table, or empty when it is unused. */
    private Optional<GidEntry> usedEntry(int index) {
        byte[] raw = context.queryGid(number, index);
        return Gid.isNull(raw) ? Optional.empty()
                : Optional.of(new GidEntry(index, raw, context.queryGidType(number, index)));
    }

    /** GID {@code index}, which must be in the table and used; the error lists the used entries. */
    public GidEntry gid(int index) {
        if (index < 0 || index >= attr.gid_tbl_len) {
            throw new VerbsException("-g/--gid-idx " + index, "GID index " + index + " is out of range for " + name()
                    + " (its table has " + attr.gid_tbl_len + " entries)", "Pass one of the used entries: " + usedEntries());
        }
        return usedEntry(index).orElseThrow(() -> new VerbsException("-g/--gid-idx " + index,
                "GID index " + index + " of " + name() + " is empty", "Pass one of the used entries: " + usedEntries()));
    }

    /**
     * The GID a connection from this port uses: entry {@code requested} when one is given (checked),
     * otherwise the IPv4-mapped RoCE v2 GID on Ethernet, where every packet carries GIDs, and none
     * on InfiniBand, where LIDs address ports.
     */
    public Optional<GidEntry> chooseGid(Integer requested) {
        if (requested != null) {
            return Optional.of(gid(requested));
        }
        if (!isEthernet()) {
            return Optional.empty();
        }
        return Optional.of(ipv4RoceV2Gid().orElseThrow(() -> new VerbsException("-g/--gid-idx", name()
                + " has no IPv4-mapped RoCE v2 GID", "Give its network interface an IPv4 address, or pass"
                + " -g/--gid-idx with one of: " + usedEntries())));
    }

    private String usedEntries() {
        List<GidEntry> used = gidTable();
        return used.isEmpty() ? "none (the table is empty)"
                : used.stream().map(GidEntry::describe).collect(Collectors.joining(", "));
    }
}
