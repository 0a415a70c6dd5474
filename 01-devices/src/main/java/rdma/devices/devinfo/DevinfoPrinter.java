package rdma.devices.devinfo;

import com.sun.jna.Native;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import rdma.devices.Device;
import rdma.devices.DeviceContext;
import rdma.devices.Gid;
import rdma.devices.GidEntry;
import rdma.devices.Guid;
import rdma.devices.Port;
import rdma.devices.c.GidType;
import rdma.devices.c.TransportType;
import rdma.devices.c.ibv_device_attr;
import rdma.devices.c.ibv_device_attr_ex;
import rdma.devices.c.ibv_port_attr;

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
        ibv_device_attr_ex attr = context.queryDeviceEx();
        List<Port> ports = onlyPort != null ? List.of(context.port(onlyPort)) : allPorts(context, attr.orig_attr);
        printDeviceAttributes(context.device(), attr.orig_attr);
        if (verbose) {
            printDeviceCapabilities(attr.orig_attr);
            printExtendedCapabilities(attr);
            out.printf("\tnum_comp_vectors:\t\t%d%n", context.numCompVectors());
        }
        for (Port port : ports) {
            printPort(port, gidNotes);
        }
    }

    private static List<Port> allPorts(DeviceContext context, ibv_device_attr attr) {
        return java.util.stream.IntStream.rangeClosed(1, Byte.toUnsignedInt(attr.phys_port_cnt))
                .mapToObj(context::port).toList();
    }

    private void printDeviceAttributes(Device device, ibv_device_attr attr) {
        out.printf("hca_id:\t%s%n", device.name());
        out.printf("\ttransport:\t\t\t%s (%d)%n", DevinfoNames.transport(device.transportType()), device.transportType());
        String firmware = Native.toString(attr.fw_ver);
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
        printFlagLines(DevinfoNames.flagLines(DevinfoNames.DEVICE_CAP_FLAGS, Integer.toUnsignedLong(attr.device_cap_flags),
                DevinfoNames.known(DevinfoNames.DEVICE_CAP_FLAGS)));
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

    /** What only {@code ibv_query_device_ex} reports, in ibv_devinfo's order and words. */
    private void printExtendedCapabilities(ibv_device_attr_ex attr) {
        out.println("\tgeneral_odp_caps:");
        printFlagLines(DevinfoNames.flagLines(DevinfoNames.ODP_GENERAL_CAPS, attr.odp_caps.general_caps,
                DevinfoNames.known(DevinfoNames.ODP_GENERAL_CAPS)));
        printOdpTransport("rc_odp_caps", attr.odp_caps.per_transport_caps.rc_odp_caps);
        printOdpTransport("uc_odp_caps", attr.odp_caps.per_transport_caps.uc_odp_caps);
        printOdpTransport("ud_odp_caps", attr.odp_caps.per_transport_caps.ud_odp_caps);
        printOdpTransport("xrc_odp_caps", attr.xrc_odp_caps);
        if (attr.completion_timestamp_mask != 0) {
            out.printf("\tcompletion timestamp_mask:\t\t\t0x%016x%n", attr.completion_timestamp_mask);
        } else {
            out.println("\tcompletion_timestamp_mask not supported");
        }
        if (attr.hca_core_clock != 0) {
            out.printf("\thca_core_clock:\t\t\t%skHZ%n", Long.toUnsignedString(attr.hca_core_clock));
        } else {
            out.println("\tcore clock not supported");
        }
        if (attr.raw_packet_caps != 0) {
            out.println("\traw packet caps:");
            printFlagLines(DevinfoNames.flagLines(DevinfoNames.RAW_PACKET_CAPS, Integer.toUnsignedLong(attr.raw_packet_caps), -1L));
        }
        out.printf("\tdevice_cap_flags_ex:\t\t0x%X%n", attr.device_cap_flags_ex);
        printFlagLines(DevinfoNames.flagLines(DevinfoNames.DEVICE_CAP_FLAGS_EX, attr.device_cap_flags_ex & 0xffffffff00000000L,
                DevinfoNames.known(DevinfoNames.DEVICE_CAP_FLAGS_EX)));
        printTsoCaps(attr.tso_caps);
        printRssCaps(attr.rss_caps);
        out.printf("\tmax_wq_type_rq:\t\t\t%s%n", Integer.toUnsignedString(attr.max_wq_type_rq));
        printPacketPacingCaps(attr.packet_pacing_caps);
        printTagMatchingCaps(attr.tm_caps);
        printCqModerationCaps(attr.cq_mod_caps);
        if (attr.max_dm_size != 0) {
            out.printf("\tmaximum available device memory:\t%sBytes%n%n", Long.toUnsignedString(attr.max_dm_size));
        }
    }

    private void printOdpTransport(String name, int caps) {
        out.printf("\t%s:%n", name);
        printFlagLines(DevinfoNames.odpTransportCaps(caps));
    }

    /** ibv_devinfo prints a capability's QP types only where the capability is there at all. */
    private void printSupportedQps(boolean capable, int supportedQpts) {
        if (capable) {
            out.println("\t\tsupported_qp:");
            printFlagLines(DevinfoNames.supportedQpts(supportedQpts));
        }
    }

    private void printTsoCaps(ibv_device_attr_ex.ibv_tso_caps caps) {
        out.println("\ttso_caps:");
        out.printf("\t\tmax_tso:\t\t\t%d%n", caps.max_tso);
        printSupportedQps(caps.max_tso != 0, caps.supported_qpts);
    }

    private void printRssCaps(ibv_device_attr_ex.ibv_rss_caps caps) {
        out.println("\trss_caps:");
        out.printf("\t\tmax_rwq_indirection_tables:\t\t\t%s%n", Integer.toUnsignedString(caps.max_rwq_indirection_tables));
        out.printf("\t\tmax_rwq_indirection_table_size:\t\t\t%s%n", Integer.toUnsignedString(caps.max_rwq_indirection_table_size));
        out.printf("\t\trx_hash_function:\t\t\t\t0x%x%n", Byte.toUnsignedInt(caps.rx_hash_function));
        out.printf("\t\trx_hash_fields_mask:\t\t\t\t0x%X%n", caps.rx_hash_fields_mask);
        printSupportedQps(caps.supported_qpts != 0, caps.supported_qpts);
    }

    private void printPacketPacingCaps(ibv_device_attr_ex.ibv_packet_pacing_caps caps) {
        out.println("\tpacket_pacing_caps:");
        out.printf("\t\tqp_rate_limit_min:\t%skbps%n", Integer.toUnsignedString(caps.qp_rate_limit_min));
        out.printf("\t\tqp_rate_limit_max:\t%skbps%n", Integer.toUnsignedString(caps.qp_rate_limit_max));
        printSupportedQps(caps.qp_rate_limit_max != 0, caps.supported_qpts);
    }

    private void printTagMatchingCaps(ibv_device_attr_ex.ibv_tm_caps caps) {
        if (caps.max_num_tags == 0) {
            out.println("\ttag matching not supported");
            return;
        }
        out.printf("\tmax_rndv_hdr_size:\t\t%s%n", Integer.toUnsignedString(caps.max_rndv_hdr_size));
        out.printf("\tmax_num_tags:\t\t\t%s%n", Integer.toUnsignedString(caps.max_num_tags));
        out.printf("\tmax_ops:\t\t\t%s%n", Integer.toUnsignedString(caps.max_ops));
        out.printf("\tmax_sge:\t\t\t%s%n", Integer.toUnsignedString(caps.max_sge));
        out.println("\tflags:");
        if ((caps.flags & DevinfoNames.TM_CAP_RC) != 0) {
            out.println("\t\t\t\t\tIBV_TM_CAP_RC");
        }
    }

    private void printCqModerationCaps(ibv_device_attr_ex.ibv_cq_moderation_caps caps) {
        if (caps.max_cq_count == 0 || caps.max_cq_period == 0) {
            return;
        }
        out.printf("%n\tcq moderation caps:%n");
        out.printf("\t\tmax_cq_count:\t%d%n", Short.toUnsignedInt(caps.max_cq_count));
        out.printf("\t\tmax_cq_period:\t%d us%n%n", Short.toUnsignedInt(caps.max_cq_period));
    }

    /** The names of set flags, one a line, under the field they belong to. */
    private void printFlagLines(List<String> lines) {
        for (String line : lines) {
            out.printf("\t\t\t\t\t%s%n", line);
        }
    }

    private void printPort(Port port, List<String> gidNotes) {
        ibv_port_attr attr = port.attr();
        out.printf("\t\tport:\t%d%n", port.number());
        out.printf("\t\t\tstate:\t\t\t%s (%d)%n", DevinfoNames.portState(attr.state), attr.state);
        out.printf("\t\t\tmax_mtu:\t\t%s (%d)%n", DevinfoNames.mtu(attr.max_mtu), attr.max_mtu);
        out.printf("\t\t\tactive_mtu:\t\t%s (%d)%n", DevinfoNames.mtu(attr.active_mtu), attr.active_mtu);
        out.printf("\t\t\tsm_lid:\t\t\t%d%n", Short.toUnsignedInt(attr.sm_lid));
        out.printf("\t\t\tport_lid:\t\t%d%n", port.lid());
        out.printf("\t\t\tport_lmc:\t\t0x%02x%n", Byte.toUnsignedInt(attr.lmc));
        out.printf("\t\t\tlink_layer:\t\t%s%n", DevinfoNames.linkLayer(attr.link_layer));
        List<GidEntry> gids = verbose || port.isEthernet() ? port.gidTable() : List.of();
        if (verbose) {
            printPortDetails(port, gids);
        }
        out.println();
        if (port.isEthernet()) {
            gidNotes.add(gidNote(port, gids));
        }
    }

    private void printPortDetails(Port port, List<GidEntry> gids) {
        ibv_port_attr attr = port.attr();
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
        if (port.context().device().transportType() == TransportType.IBV_TRANSPORT_IB.value()) {
            out.printf("\t\t\tphys_state:\t\t%s (%d)%n", DevinfoNames.physState(attr.phys_state), Byte.toUnsignedInt(attr.phys_state));
        }
        for (GidEntry gid : gids) {
            printGid(gid, port.isEthernet());
        }
    }

    /** RoCE v2 GIDs as IPv6 text, the others as hex groups; the type is named on Ethernet only. */
    private void printGid(GidEntry gid, boolean ethernet) {
        if (gid.type().isEmpty()) {
            return; // ibv_devinfo prints nothing for a GID whose type it cannot read
        }
        GidType type = gid.type().get();
        String text = type == GidType.IBV_GID_TYPE_ROCE_V2 ? Gid.text(gid.raw()) : Gid.hex(gid.raw());
        String suffix = ethernet ? ", " + DevinfoNames.gidType(type) : "";
        out.printf("\t\t\tGID[%3d]:\t\t%s%s%n", gid.index(), text, suffix);
    }

    /** Which index a RoCE program passes as -g/--gid-idx to reach this port over IPv4. */
    private static String gidNote(Port port, List<GidEntry> gids) {
        return gids.stream()
                .filter(GidEntry::isIpv4RoceV2)
                .findFirst()
                .map(gid -> String.format("\t%s: GID index %d (%s)", port.name(), gid.index(), Gid.text(gid.raw())))
                .orElse(String.format("\t%s: none; give its network interface an IPv4 address", port.name()));
    }

    void printGidNotes(List<String> gidNotes) {
        if (gidNotes.isEmpty()) {
            return;
        }
        out.println("IPv4-mapped RoCE v2 GIDs (later chapters take the index as -g/--gid-idx):");
        gidNotes.forEach(out::println);
    }
}
