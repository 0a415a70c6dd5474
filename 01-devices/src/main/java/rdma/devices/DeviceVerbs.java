package rdma.devices;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;

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
     * {@code int ibv_query_port(struct ibv_context *context, uint8_t port_num, struct _compat_ibv_port_attr *port_attr);}
     *
     * <p>In C, {@code ibv_query_port} is a macro: {@code verbs.h} redirects the name to a
     * {@code static inline} function that asks the provider directly with the full
     * {@code struct ibv_port_attr}. Inline functions are not in the shared library, so Java can
     * only call the exported symbol of the same name. That symbol is the compatibility entry
     * point for programs built before {@code port_cap_flags2} was added: it fills the older,
     * shorter {@code struct _compat_ibv_port_attr} (every field up to {@code flags}) and leaves
     * the rest of our larger structure as it was, zero.
     */
    public static native int ibv_query_port(Pointer context, byte port_num, ibv_port_attr port_attr);

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
