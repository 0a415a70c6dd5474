package rdma.devices;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import rdma.devices.c.ibv_device;

/**
 * One entry of a {@link DeviceList}. Its {@code handle} is valid only while the list is open:
 * open the device with {@link DeviceContext#open(Device)} before the list is closed.
 *
 * @param handle        the {@code struct ibv_device *}
 * @param name          {@code ibv_get_device_name}, such as "rxe0"
 * @param guid          {@code ibv_get_device_guid}, already converted to a host-order number
 * @param transportType {@code ibv_device.transport_type}
 * @param ibdevPath     {@code ibv_device.ibdev_path}: the device's directory in sysfs
 * @param uverbsName    {@code ibv_device.dev_name}: its character device in /dev/infiniband, such as "uverbs0"
 */
public record Device(Pointer handle, String name, long guid, int transportType, String ibdevPath, String uverbsName) {

    static Device at(Pointer handle) {
        ibv_device fields = new ibv_device(handle);
        return new Device(handle,
                DeviceVerbs.ibv_get_device_name(handle),
                Guid.fromBigEndian(DeviceVerbs.ibv_get_device_guid(handle)),
                fields.transport_type,
                Native.toString(fields.ibdev_path),
                Native.toString(fields.dev_name));
    }
}
