package rdma.devices;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Prints what ibv_devices and ibv_devinfo print, line for line in their formats, so that a
 * learner can diff the two programs' output.
 */
final class DevinfoPrinter {
    private final PrintStream out;
    private final boolean verbose;

    DevinfoPrinter(PrintStream out, boolean verbose) {
        this.out = out;
        this.verbose = verbose;
    }

    /** ibv_devices: each device's name and node GUID. */
    void printDeviceTable(List<Device> devices) {
        out.printf("    %-16s\t   node GUID%n", "device");
        out.printf("    %-16s\t----------------%n", "------");
        for (Device device : devices) {
            out.printf("    %-16s\t%s%n", device.name(), Guid.plain(device.guid()));
        }
    }

    void printBlankLine() {
        out.println();
    }

    /** ibv_devinfo for one open device: the device, then each port (or only {@code onlyPort}). */
    void printDevice(DeviceContext context, Integer onlyPort, List<String> gidNotes) {
        Device device = context.device();
        ibv_device_attr attr = context.queryDevice();
        if (onlyPort != null) {
            context.requirePort(onlyPort);
        }
        printDeviceAttributes(device, attr);
        int ports = Byte.toUnsignedInt(attr.phys_port_cnt);
        for (int port = 1; port <= ports; port++) {
            if (onlyPort == null || onlyPort == port) {
                printPort(context, port, gidNotes);
            }
        }
    }

    private void printDeviceAttributes(Device device, ibv_device_attr attr) {
        out.printf("hca_id:\t%s%n", device.name());
        out.printf("\ttransport:\t\t\t%s (%d)%n", DevinfoNames.transport(device.transportType()), device.transportType());
        String firmware = com.sun.jna.Native.toString(attr.fw_ver);
        if (!firmware.isEmpty()) {
            out.printf("\tfw_ver:\t\t\t\t%s%n", firmware);
        }
        out.printf("\tnode_guid:\t\t\t%s%n", Guid.grouped(Guid.fromBigEndian(attr.node_guid)));
        out.printf("\tsys_image_guid:\t\t\t%s%n", Guid.grouped(Guid.fromBigEndian(attr.sys_image_guid)));
        out.printf("\tvendor_id:\t\t\t0x%04x%n", attr.vendor_id);
        out.printf("\tvendor_part_id:\t\t\t%d%n", attr.vendor_part_id);
        out.printf("\thw_ver:\t\t\t\t0x%X%n", attr.hw_ver);
        boardId(device).ifPresent(board -> out.printf("\tboard_id:\t\t\t%s%n", board));
        out.printf("\tphys_port_cnt:\t\t\t%d%n", Byte.toUnsignedInt(attr.phys_port_cnt));
        if (verbose) {
            printDeviceCapabilities(attr);
        }
    }

    /** Not a verb: ibv_devinfo reads it from the device's sysfs directory, and so do we. */
    private static Optional<String> boardId(Device device) {
        try {
            String text = Files.readString(Path.of(device.ibdevPath(), "board_id")).strip();
            return text.isEmpty() ? Optional.empty() : Optional.of(text);
        } catch (IOException | RuntimeException noBoardId) {
            return Optional.empty();
        }
    }

    private void printDeviceCapabilities(ibv_device_attr attr) {
        out.printf("\tmax_mr_size:\t\t\t0x%x%n", attr.max_mr_size);
        out.printf("\tpage_size_cap:\t\t\t0x%x%n", attr.page_size_cap);
        out.printf("\tmax_qp:\t\t\t\t%d%n", attr.max_qp);
        out.printf("\tmax_qp_wr:\t\t\t%d%n", attr.max_qp_wr);
        out.printf("\tdevice_cap_flags:\t\t0x%08x%n", attr.device_cap_flags);
        for (String flag : DevinfoNames.deviceCapFlags(attr.device_cap_flags)) {
            out.printf("\t\t\t\t\t%s%n", flag);
        }
        out.printf("\tmax_sge:\t\t\t%d%n", attr.max_sge);
        out.printf("\tmax_sge_rd:\t\t\t%d%n", attr.max_sge_rd);
        out.printf("\tmax_cq:\t\t\t\t%d%n", attr.max_cq);
        out.printf("\tmax_cqe:\t\t\t%d%n", attr.max_cqe);
        out.printf("\tmax_mr:\t\t\t\t%d%n", attr.max_mr);
        out.printf("\tmax_pd:\t\t\t\t%d%n", attr.max_pd);
        out.printf("\tmax_qp_rd_atom:\t\t\t%d%n", attr.max_qp_rd_atom);
        out.printf("\tmax_ee_rd_atom:\t\t\t%d%n", attr.max_ee_rd_atom);
        out.printf("\tmax_res_rd_atom:\t\t%d%n", attr.max_res_rd_atom);
        out.printf("\tmax_qp_init_rd_atom:\t\t%d%n", attr.max_qp_init_rd_atom);
        out.printf("\tmax_ee_init_rd_atom:\t\t%d%n", attr.max_ee_init_rd_atom);
        out.printf("\tatomic_cap:\t\t\t%s (%d)%n", DevinfoNames.atomicCap(attr.atomic_cap), attr.atomic_cap);
        out.printf("\tmax_ee:\t\t\t\t%d%n", attr.max_ee);
        out.printf("\tmax_rdd:\t\t\t%d%n", attr.max_rdd);
        out.printf("\tmax_mw:\t\t\t\t%d%n", attr.max_mw);
        out.printf("\tmax_raw_ipv6_qp:\t\t%d%n", attr.max_raw_ipv6_qp);
        out.printf("\tmax_raw_ethy_qp:\t\t%d%n", attr.max_raw_ethy_qp);
        out.printf("\tmax_mcast_grp:\t\t\t%d%n", attr.max_mcast_grp);
        out.printf("\tmax_mcast_qp_attach:\t\t%d%n", attr.max_mcast_qp_attach);
        out.printf("\tmax_total_mcast_qp_attach:\t%d%n", attr.max_total_mcast_qp_attach);
        out.printf("\tmax_ah:\t\t\t\t%d%n", attr.max_ah);
        out.printf("\tmax_fmr:\t\t\t%d%n", attr.max_fmr);
        if (attr.max_fmr != 0) {
            out.printf("\tmax_map_per_fmr:\t\t%d%n", attr.max_map_per_fmr);
        }
        out.printf("\tmax_srq:\t\t\t%d%n", attr.max_srq);
        if (attr.max_srq != 0) {
            out.printf("\tmax_srq_wr:\t\t\t%d%n", attr.max_srq_wr);
            out.printf("\tmax_srq_sge:\t\t\t%d%n", attr.max_srq_sge);
        }
        out.printf("\tmax_pkeys:\t\t\t%d%n", Short.toUnsignedInt(attr.max_pkeys));
        out.printf("\tlocal_ca_ack_delay:\t\t%d%n", Byte.toUnsignedInt(attr.local_ca_ack_delay));
    }

    private void printPort(DeviceContext context, int port, List<String> gidNotes) {
        ibv_port_attr attr = context.queryPort(port);
        out.printf("\t\tport:\t%d%n", port);
        out.printf("\t\t\tstate:\t\t\t%s (%d)%n", DevinfoNames.portState(attr.state), attr.state);
        out.printf("\t\t\tmax_mtu:\t\t%s (%d)%n", DevinfoNames.mtu(attr.max_mtu), attr.max_mtu);
        out.printf("\t\t\tactive_mtu:\t\t%s (%d)%n", DevinfoNames.mtu(attr.active_mtu), attr.active_mtu);
        out.printf("\t\t\tsm_lid:\t\t\t%d%n", Short.toUnsignedInt(attr.sm_lid));
        out.printf("\t\t\tport_lid:\t\t%d%n", Short.toUnsignedInt(attr.lid));
        out.printf("\t\t\tport_lmc:\t\t0x%02x%n", Byte.toUnsignedInt(attr.lmc));
        out.printf("\t\t\tlink_layer:\t\t%s%n", DevinfoNames.linkLayer(attr.link_layer));
        boolean ethernet = attr.link_layer == DevinfoNames.LINK_LAYER_ETHERNET;
        List<DeviceContext.GidEntry> gids = verbose || ethernet ? context.gidTable(port, attr) : List.of();
        if (verbose) {
            printPortDetails(context.device(), attr, gids);
        }
        out.println();
        if (ethernet) {
            gidNotes.add(gidNote(context.device(), port, gids));
        }
    }

    private void printPortDetails(Device device, ibv_port_attr attr, List<DeviceContext.GidEntry> gids) {
        out.printf("\t\t\tmax_msg_sz:\t\t0x%x%n", attr.max_msg_sz);
        out.printf("\t\t\tport_cap_flags:\t\t0x%08x%n", attr.port_cap_flags);
        out.printf("\t\t\tport_cap_flags2:\t0x%04x%n", Short.toUnsignedInt(attr.port_cap_flags2));
        out.printf("\t\t\tmax_vl_num:\t\t%s (%d)%n", DevinfoNames.virtualLanes(attr.max_vl_num), Byte.toUnsignedInt(attr.max_vl_num));
        out.printf("\t\t\tbad_pkey_cntr:\t\t0x%x%n", attr.bad_pkey_cntr);
        out.printf("\t\t\tqkey_viol_cntr:\t\t0x%x%n", attr.qkey_viol_cntr);
        out.printf("\t\t\tsm_sl:\t\t\t%d%n", Byte.toUnsignedInt(attr.sm_sl));
        out.printf("\t\t\tpkey_tbl_len:\t\t%d%n", Short.toUnsignedInt(attr.pkey_tbl_len));
        out.printf("\t\t\tgid_tbl_len:\t\t%d%n", attr.gid_tbl_len);
        out.printf("\t\t\tsubnet_timeout:\t\t%d%n", Byte.toUnsignedInt(attr.subnet_timeout));
        out.printf("\t\t\tinit_type_reply:\t%d%n", Byte.toUnsignedInt(attr.init_type_reply));
        out.printf("\t\t\tactive_width:\t\t%sX (%d)%n", DevinfoNames.width(attr.active_width), Byte.toUnsignedInt(attr.active_width));
        out.printf("\t\t\tactive_speed:\t\t%s (%d)%n", DevinfoNames.speed(attr.active_speed), Byte.toUnsignedInt(attr.active_speed));
        if (device.transportType() == 0) {
            out.printf("\t\t\tphys_state:\t\t%s (%d)%n", DevinfoNames.physState(attr.phys_state), Byte.toUnsignedInt(attr.phys_state));
        }
        boolean ethernet = attr.link_layer == DevinfoNames.LINK_LAYER_ETHERNET;
        for (DeviceContext.GidEntry gid : gids) {
            printGid(gid, ethernet);
        }
    }

    /** RoCE v2 GIDs as IPv6 text, the others as hex groups; the type is named on Ethernet only. */
    private void printGid(DeviceContext.GidEntry gid, boolean ethernet) {
        if (gid.type().isEmpty()) {
            return; // ibv_devinfo prints nothing for a GID whose type it cannot read
        }
        GidType type = gid.type().get();
        String text = type == GidType.ROCE_V2 ? Gid.text(gid.raw()) : Gid.hex(gid.raw());
        String suffix = ethernet ? ", " + type.label() : "";
        out.printf("\t\t\tGID[%3d]:\t\t%s%s%n", gid.index(), text, suffix);
    }

    /** Which index a RoCE program passes as -g/--gid-idx to reach this port over IPv4. */
    private static String gidNote(Device device, int port, List<DeviceContext.GidEntry> gids) {
        return gids.stream()
                .filter(DeviceContext.GidEntry::isIpv4RoceV2)
                .findFirst()
                .map(gid -> String.format("\t%s port %d: GID index %d (%s)", device.name(), port, gid.index(), Gid.text(gid.raw())))
                .orElse(String.format("\t%s port %d: none; give its network interface an IPv4 address", device.name(), port));
    }

    void printGidNotes(List<String> gidNotes) {
        if (gidNotes.isEmpty()) {
            return;
        }
        out.println("IPv4-mapped RoCE v2 GIDs (later chapters take the index as -g/--gid-idx):");
        gidNotes.forEach(out::println);
    }
}
