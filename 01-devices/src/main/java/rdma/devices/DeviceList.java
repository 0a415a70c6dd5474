package rdma.devices;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import rdma.support.Errno;
import rdma.support.VerbsException;

/**
 * {@code ibv_get_device_list} and {@code ibv_free_device_list}. The list owns the
 * {@code struct ibv_device} entries: once it is closed only devices already opened stay usable,
 * which try-with-resources around the code that opens them makes hard to get wrong.
 */
public final class DeviceList implements AutoCloseable {
    static final String NO_RDMA_KERNEL_HINT = "The kernel has no RDMA support: load the driver of an"
            + " RDMA NIC, create a soft-RoCE device (modprobe rdma_rxe; rdma link add rxe0 type rxe"
            + " netdev <interface>), or run inside the project's soft-RoCE lab (lab/run <command>)";
    static final String NO_DEVICES_HINT = "Create a soft-RoCE device (modprobe rdma_rxe; rdma link add"
            + " rxe0 type rxe netdev <interface>) or run inside the project's soft-RoCE lab"
            + " (lab/run <command>)";

    private Pointer list;
    private final List<Device> devices;

    private DeviceList(Pointer list, List<Device> devices) {
        this.list = list;
        this.devices = devices;
    }

    public static DeviceList open() {
        Libibverbs.load();
        IntByReference count = new IntByReference();
        Pointer list = DeviceVerbs.ibv_get_device_list(count);
        // NULL means failure (ENOSYS: this kernel has no RDMA); passing it on would crash the JVM.
        if (list == null) {
            int errno = Native.getLastError();
            throw VerbsException.ofErrno("ibv_get_device_list", errno, hintForListFailure(errno));
        }
        List<Device> devices = Arrays.stream(list.getPointerArray(0, count.getValue()))
                .map(Device::at)
                .toList();
        return new DeviceList(list, devices);
    }

    static String hintForListFailure(int errno) {
        return errno == Errno.ENOSYS ? NO_RDMA_KERNEL_HINT
                : "Check that /sys/class/infiniband_verbs exists and is readable";
    }

    public List<Device> devices() {
        return devices;
    }

    /** The first device, as rdma-core's examples choose when no -d is given. */
    public Device first() {
        if (devices.isEmpty()) {
            throw new VerbsException("ibv_get_device_list", "no RDMA devices found", NO_DEVICES_HINT);
        }
        return devices.get(0);
    }

    /** The device called {@code name}, or the first one when no name is given (no -d). */
    public Device select(String name) {
        return name == null ? first() : find(name);
    }

    /** The device called {@code name}; the error lists the ones that exist. */
    public Device find(String name) {
        return devices.stream()
                .filter(device -> device.name().equals(name))
                .findFirst()
                .orElseThrow(() -> unknownDevice(name, devices));
    }

    static VerbsException unknownDevice(String name, List<Device> devices) {
        if (devices.isEmpty()) {
            return new VerbsException("-d/--ib-dev " + name, "IB device '" + name + "' wasn't found"
                    + " and there are no RDMA devices at all", NO_DEVICES_HINT);
        }
        String names = devices.stream().map(Device::name).collect(Collectors.joining(", "));
        return new VerbsException("-d/--ib-dev " + name, "IB device '" + name + "' wasn't found",
                "Devices here: " + names + "; pass one of them with -d/--ib-dev");
    }

    @Override
    public void close() {
        if (list != null) {
            DeviceVerbs.ibv_free_device_list(list);
            list = null;
        }
    }
}
