package rdma.devices;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import rdma.devices.c.GidType;
import rdma.devices.c.ibv_context;
import rdma.devices.c.ibv_device_attr;
import rdma.devices.c.ibv_device_attr_ex;
import rdma.devices.c.ibv_gid;
import rdma.devices.c.ibv_gid_entry;
import rdma.devices.c.ibv_port_attr;
import rdma.support.Errno;
import rdma.support.Layout;
import rdma.support.VerbsException;

/**
 * An open device: {@code ibv_open_device} and {@code ibv_close_device} around a
 * {@code struct ibv_context *}. Every other verbs object (PD, MR, CQ, QP) is created from a
 * context and must be destroyed before it, which try-with-resources does by closing in reverse.
 */
public final class DeviceContext implements AutoCloseable {
    private final Device device;
    private final boolean owned;
    private Pointer context;

    private DeviceContext(Device device, Pointer context, boolean owned) {
        this.device = device;
        this.context = context;
        this.owned = owned;
    }

    public static DeviceContext open(Device device) {
        Pointer context = DeviceVerbs.ibv_open_device(device.handle());
        if (context == null) {
            int errno = Native.getLastError();
            throw VerbsException.ofErrno("ibv_open_device(" + device.name() + ")", errno,
                    hintForOpenFailure(errno, Path.of("/dev/infiniband", device.uverbsName())));
        }
        return new DeviceContext(device, context, true);
    }

    /**
     * A context that another library opened and will close (its {@code struct ibv_context *}), for
     * creating verbs objects on it: {@link #close} forgets it and leaves it open. The device is
     * read from the context's {@code device} field.
     */
    public static DeviceContext borrowed(Pointer context) {
        Pointer device = context.getPointer(Layout.of(ibv_context.class).offsetOf("device"));
        return new DeviceContext(Device.at(device), context, false);
    }

    /**
     * The device file is checked too: when it cannot be opened, libibverbs retries through udev's
     * /dev/char links for a few seconds and may report that attempt's errno (ENOENT without udev)
     * instead of EACCES.
     */
    static String hintForOpenFailure(int errno, Path deviceFile) {
        boolean noAccess = Files.exists(deviceFile) && !(Files.isReadable(deviceFile) && Files.isWritable(deviceFile));
        if (errno == Errno.EACCES || errno == Errno.EPERM || noAccess) {
            return "No permission on /dev/infiniband/uverbs*: add your user to the group that owns"
                    + " them (ls -l /dev/infiniband, often 'rdma') and log in again, or run in the lab";
        }
        return "Check that the device's driver is loaded (ls /dev/infiniband)";
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

    /** The classic attributes and the extended ones, as ibv_devinfo -v prints them. */
    public ibv_device_attr_ex queryDeviceEx() {
        ibv_device_attr_ex attr = new ibv_device_attr_ex();
        VerbsException.check(DeviceVerbs.ibv_query_device_ex(pointer(), null, attr), "ibv_query_device_ex",
                "Is the device still there?");
        return attr;
    }

    /** {@code ibv_context.num_comp_vectors}: how many completion vectors the device has (ibv_devinfo -v prints it). */
    public int numCompVectors() {
        return pointer().getInt(Layout.of(ibv_context.class).offsetOf("num_comp_vectors"));
    }

    /** Ports are numbered 1 to {@code phys_port_cnt}. */
    public int portCount() {
        return Byte.toUnsignedInt(queryDevice().phys_port_cnt);
    }

    /** Port {@code number}, queried now; a number the device does not have is a learner-facing error. */
    public Port port(int number) {
        int ports = portCount();
        if (number < 1 || number > ports) {
            throw portOutOfRange(device.name(), number, ports);
        }
        ibv_port_attr attr = new ibv_port_attr();
        VerbsException.check(DeviceVerbs.ibv_query_port(pointer(), number, attr),
                "ibv_query_port(" + device.name() + ", " + number + ")", "Check the port number with ibv_devinfo");
        return new Port(this, number, attr);
    }

    static VerbsException portOutOfRange(String deviceName, int port, int ports) {
        return new VerbsException("-i/--ib-port " + port,
                "port " + port + " is out of range: " + deviceName + " has " + ports + (ports == 1 ? " port" : " ports"),
                "Pass -i/--ib-port between 1 and " + ports);
    }

    /** The 16 raw bytes of GID {@code index} on {@code port}. */
    byte[] queryGid(int port, int index) {
        ibv_gid gid = new ibv_gid();
        VerbsException.check(DeviceVerbs.ibv_query_gid(pointer(), (byte) port, index, gid),
                "ibv_query_gid(" + device.name() + ", port " + port + ", index " + index + ")",
                "Pass a -g/--gid-idx below the port's gid_tbl_len (ibv_devinfo -v lists the table)");
        gid.read();
        return gid.raw;
    }

    /** The type of GID {@code index}, or empty when the entry is unused or its type unknown. */
    Optional<GidType> queryGidType(int port, int index) {
        ibv_gid_entry entry = new ibv_gid_entry();
        if (DeviceVerbs.ibv_query_gid_ex(pointer(), port, index, entry, 0) != 0) {
            return Optional.empty();
        }
        entry.read();
        return GidType.of(entry.gid_type);
    }

    @Override
    public void close() {
        if (context != null && !owned) {
            context = null;
        } else if (context != null) {
            int rc = DeviceVerbs.ibv_close_device(context);
            context = null;
            VerbsException.check(rc, "ibv_close_device(" + device.name() + ")", "A verbs object of this device was not destroyed first");
        }
    }
}
