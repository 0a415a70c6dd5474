package rdma.devices;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An open device: {@code ibv_open_device} and {@code ibv_close_device} around a
 * {@code struct ibv_context *}. Every other verbs object (PD, MR, CQ, QP) is created from a
 * context and must be destroyed before it, which try-with-resources does by closing in reverse.
 */
public final class DeviceContext implements AutoCloseable {
    static final int EPERM = 1;
    static final int EACCES = 13;

    private static final AtomicInteger OPEN = new AtomicInteger();

    private final Device device;
    private Pointer context;

    private DeviceContext(Device device, Pointer context) {
        this.device = device;
        this.context = context;
        OPEN.incrementAndGet();
    }

    public static DeviceContext open(Device device) {
        Pointer context = DeviceVerbs.ibv_open_device(device.handle());
        if (context == null) {
            int errno = Native.getLastError();
            throw VerbsException.ofErrno("ibv_open_device(" + device.name() + ")", errno,
                    hintForOpenFailure(errno, Path.of("/dev/infiniband", device.uverbsName())));
        }
        return new DeviceContext(device, context);
    }

    /**
     * The device file is checked too: when it cannot be opened, libibverbs retries through udev's
     * /dev/char links for a few seconds and may report that attempt's errno (ENOENT without udev)
     * instead of EACCES.
     */
    static String hintForOpenFailure(int errno, Path deviceFile) {
        boolean noAccess = Files.exists(deviceFile) && !(Files.isReadable(deviceFile) && Files.isWritable(deviceFile));
        if (errno == EACCES || errno == EPERM || noAccess) {
            return "No permission on /dev/infiniband/uverbs*: add your user to the group that owns"
                    + " them (ls -l /dev/infiniband, often 'rdma') and log in again, or run in the lab";
        }
        return "Check that the device's driver is loaded (ls /dev/infiniband)";
    }

    /** How many contexts are open now, in this JVM: tests use it to prove nothing leaks. */
    public static int openCount() {
        return OPEN.get();
    }

    public Device device() {
        return device;
    }

    /** The {@code struct ibv_context *} that later verbs take. */
    public Pointer pointer() {
        if (context == null) {
            throw new IllegalStateException(device.name() + " is closed");
        }
        return context;
    }

    public ibv_device_attr queryDevice() {
        ibv_device_attr attr = new ibv_device_attr();
        VerbsException.check(DeviceVerbs.ibv_query_device(pointer(), attr), "ibv_query_device", "Is the device still there?");
        attr.read();
        return attr;
    }

    /** Throws the learner-facing error for a port number this device does not have. */
    public void requirePort(int port) {
        int ports = Byte.toUnsignedInt(queryDevice().phys_port_cnt);
        if (port < 1 || port > ports) {
            throw portOutOfRange(device.name(), port, ports);
        }
    }

    static VerbsException portOutOfRange(String deviceName, int port, int ports) {
        return new VerbsException("-i/--ib-port " + port,
                "port " + port + " is out of range: " + deviceName + " has " + ports + (ports == 1 ? " port" : " ports"),
                "Pass -i/--ib-port between 1 and " + ports);
    }

    public ibv_port_attr queryPort(int port) {
        ibv_port_attr attr = new ibv_port_attr();
        VerbsException.check(DeviceVerbs.ibv_query_port(pointer(), (byte) port, attr),
                "ibv_query_port(" + device.name() + ", " + port + ")", "Check the port number with ibv_devinfo");
        attr.read();
        return attr;
    }

    /** The 16 raw bytes of GID {@code index} on {@code port}. */
    public byte[] queryGid(int port, int index) {
        ibv_gid gid = new ibv_gid();
        VerbsException.check(DeviceVerbs.ibv_query_gid(pointer(), (byte) port, index, gid),
                "ibv_query_gid(" + device.name() + ", port " + port + ", index " + index + ")",
                "Pass a -g/--gid-idx below the port's gid_tbl_len (ibv_devinfo -v lists the table)");
        gid.read();
        return gid.raw;
    }

    /** The type of GID {@code index}, or empty when the entry is unused or its type unknown. */
    public Optional<GidType> queryGidType(int port, int index) {
        ibv_gid_entry entry = new ibv_gid_entry();
        if (DeviceVerbs.ibv_query_gid_ex(pointer(), port, index, entry, 0) != 0) {
            return Optional.empty();
        }
        entry.read();
        return GidType.of(entry.gid_type);
    }

    /** One used entry of a port's GID table. */
    public record GidEntry(int index, byte[] raw, Optional<GidType> type) {
        /** The GID that RoCE v2 uses to reach this port over IPv4: ::ffff:a.b.c.d. */
        public boolean isIpv4RoceV2() {
            return type.equals(Optional.of(GidType.ROCE_V2)) && Gid.isIpv4Mapped(raw);
        }
    }

    /**
     * The used entries of a port's GID table (ibv_devinfo skips entries with an all-zero
     * interface id). On RoCE each IP address of the port's network interface gets entries here,
     * one per RoCE version the device supports.
     */
    public List<GidEntry> gidTable(int port, ibv_port_attr attr) {
        List<GidEntry> used = new ArrayList<>();
        for (int index = 0; index < attr.gid_tbl_len; index++) {
            byte[] raw = queryGid(port, index);
            if (!Gid.isNull(raw)) {
                used.add(new GidEntry(index, raw, queryGidType(port, index)));
            }
        }
        return used;
    }

    /** The index of the port's IPv4-mapped RoCE v2 GID, the one RoCE programs usually want. */
    public Optional<GidEntry> ipv4RoceV2Gid(int port) {
        return gidTable(port, queryPort(port)).stream().filter(GidEntry::isIpv4RoceV2).findFirst();
    }

    @Override
    public void close() {
        if (context != null) {
            int rc = DeviceVerbs.ibv_close_device(context);
            context = null;
            OPEN.decrementAndGet();
            VerbsException.check(rc, "ibv_close_device(" + device.name() + ")", "A verbs object of this device was not destroyed first");
        }
    }
}
