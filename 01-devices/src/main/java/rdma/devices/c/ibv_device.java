package rdma.devices.c;

import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;

/** {@code struct ibv_device} from {@code <infiniband/verbs.h>}: one entry of the device list. */
@FieldOrder({"_ops", "node_type", "transport_type", "name", "dev_name", "dev_path", "ibdev_path"})
public class ibv_device extends Structure {
    /** {@code struct _ibv_device_ops}: two function pointers kept only for the old ABI. */
    public Pointer[] _ops = new Pointer[2];
    /** {@code enum ibv_node_type}: CA, switch, router, RNIC, ... */
    public int node_type;
    /** {@code enum ibv_transport_type}: 0 InfiniBand (also RoCE), 1 iWARP, ... */
    public int transport_type;
    /** Kernel device name, such as "rxe0" ({@code IBV_SYSFS_NAME_MAX}). */
    public byte[] name = new byte[64];
    /** uverbs character device name, such as "uverbs0". */
    public byte[] dev_name = new byte[64];
    /** sysfs path of the uverbs device ({@code IBV_SYSFS_PATH_MAX}). */
    public byte[] dev_path = new byte[256];
    /** sysfs path of the infiniband class device: where ibv_devinfo reads board_id. */
    public byte[] ibdev_path = new byte[256];

    public ibv_device() {
    }

    public ibv_device(Pointer device) {
        super(device);
        read();
    }
}
