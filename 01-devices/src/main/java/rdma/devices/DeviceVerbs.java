package rdma.devices;

import com.sun.jna.Function;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import rdma.devices.c.ibv_device_attr;
import rdma.devices.c.ibv_device_attr_ex;
import rdma.devices.c.ibv_gid;
import rdma.devices.c.ibv_gid_entry;
import rdma.devices.c.ibv_port_attr;
import rdma.devices.c.verbs_context;
import rdma.support.Errno;

/**
 * The verbs of this chapter, bound with JNA direct mapping: each {@code native} method below is
 * the C function of the same name in libibverbs ({@code man ibv_get_device_list}, ...).
 * Pointers to verbs objects ({@code struct ibv_device *}, {@code struct ibv_context *}) stay
 * opaque {@link Pointer}s; the wrappers {@link DeviceList} and {@link DeviceContext} own them.
 */
public final class DeviceVerbs {
    static {
        Native.register(DeviceVerbs.class, Libibverbs.load());
    }

    private DeviceVerbs() {
    }

    /** {@code struct ibv_device **ibv_get_device_list(int *num_devices);} NULL-terminated; NULL and errno on failure. */
    public static native Pointer ibv_get_device_list(IntByReference num_devices);

    /** {@code void ibv_free_device_list(struct ibv_device **list);} Unopened devices of the list become invalid. */
    public static native void ibv_free_device_list(Pointer list);

    /** {@code const char *ibv_get_device_name(struct ibv_device *device);} */
    public static native String ibv_get_device_name(Pointer device);

    /** {@code __be64 ibv_get_device_guid(struct ibv_device *device);} Big-endian: see {@link Guid}. */
    public static native long ibv_get_device_guid(Pointer device);

    /** {@code struct ibv_context *ibv_open_device(struct ibv_device *device);} NULL and errno on failure. */
    public static native Pointer ibv_open_device(Pointer device);

    /** {@code int ibv_close_device(struct ibv_context *context);} */
    public static native int ibv_close_device(Pointer context);

    /** {@code int ibv_query_device(struct ibv_context *context, struct ibv_device_attr *device_attr);} */
    public static native int ibv_query_device(Pointer context, ibv_device_attr device_attr);

    /**
     * {@code ibv_query_port(context, port_num, port_attr)}, as C programs call it. In {@code verbs.h}
     * that name is a macro for the {@code static inline} function {@code ___ibv_query_port}, which
     * is compiled into every C program and so is not in the library for Java to call. This is that
     * function, written in Java: it calls the context's extended {@code query_port} operation with
     * the size of the caller's structure, so that a newer library fills in newer fields
     * ({@code port_cap_flags2}) and an older one fewer. Only without that operation does it fall
     * back to the exported symbol {@code ibv_query_port}, a compatibility entry point that fills
     * the structure as it was before those fields were added.
     */
    public static int ibv_query_port(Pointer context, int port_num, ibv_port_attr port_attr) {
        Pointer queryPort = verbs_context.op(context, "query_port");
        if (queryPort == null) {
            port_attr.clear();
            return Libibverbs.load().getFunction("ibv_query_port").invokeInt(new Object[] {context, (byte) port_num, port_attr});
        }
        return Function.getFunction(queryPort).invokeInt(new Object[] {context, (byte) port_num, port_attr, (long) port_attr.size()});
    }

    /**
     * {@code ibv_query_device_ex(context, input, attr)}: {@code static inline} in {@code verbs.h}, so
     * written here in Java. It asks the context's extended {@code query_device_ex} operation, with
     * the size of the caller's structure; when there is none, or it says "not supported", it zeroes
     * the structure and fills only its classic part with {@code ibv_query_device}. {@code input}
     * is NULL (no extended input is defined yet).
     */
    public static int ibv_query_device_ex(Pointer context, Pointer input, ibv_device_attr_ex attr) {
        Pointer queryDeviceEx = verbs_context.op(context, "query_device_ex");
        if (queryDeviceEx != null) {
            int rc = Function.getFunction(queryDeviceEx).invokeInt(new Object[] {context, input, attr, (long) attr.size()});
            if (rc != Errno.EOPNOTSUPP && rc != Errno.ENOSYS) {
                return rc;
            }
        }
        attr.clear();
        int rc = ibv_query_device(context, attr.orig_attr);
        attr.read();
        return rc;
    }

    /** {@code int ibv_query_gid(struct ibv_context *context, uint8_t port_num, int index, union ibv_gid *gid);} */
    public static native int ibv_query_gid(Pointer context, byte port_num, int index, ibv_gid gid);

    /**
     * {@code int _ibv_query_gid_ex(struct ibv_context *context, uint32_t port_num, uint32_t gid_index,
     * struct ibv_gid_entry *entry, uint32_t flags, size_t entry_size);} ({@code size_t} is a Java
     * {@code long} on the 64-bit platforms libibverbs supports.)
     */
    public static native int _ibv_query_gid_ex(Pointer context, int port_num, int gid_index,
            ibv_gid_entry entry, int flags, long entry_size);

    /**
     * {@code ibv_query_gid_ex} is {@code static inline} in {@code verbs.h}: it passes its
     * arguments on to the exported {@code _ibv_query_gid_ex} together with
     * {@code sizeof(*entry)}, so that an old program and a newer library agree on how much to
     * fill. This is that inline function, written in Java.
     */
    public static int ibv_query_gid_ex(Pointer context, int port_num, int gid_index,
            ibv_gid_entry entry, int flags) {
        return _ibv_query_gid_ex(context, port_num, gid_index, entry, flags, entry.size());
    }
}
