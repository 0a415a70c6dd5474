package rdma.cm;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.net.InetSocketAddress;
import rdma.cm.c.CmEventType;
import rdma.cm.c.rdma_cm_id;
import rdma.devices.DeviceContext;
import rdma.support.Layout;
import rdma.support.VerbsException;

/**
 * {@code rdma_create_id} and {@code rdma_destroy_id}, and the calls on an identifier: the
 * connection manager's socket. A client resolves the server's address to a device, a port and a
 * GID, then a route, then connects; a server binds to an address and listens, and gets a new
 * identifier for each connection request. The calls that wait for the fabric return at once:
 * what they did arrives later as an event on the identifier's {@link EventChannel}.
 */
public final class CmId implements AutoCloseable {
    private static final Layout ID = Layout.of(rdma_cm_id.class);
    /** {@code rdma_get_local_addr} and {@code rdma_get_peer_addr} are static inline: the address of these fields. */
    private static final int LOCAL_ADDRESS = ID.offsetOf("route.addr.src_storage");
    private static final int PEER_ADDRESS = ID.offsetOf("route.addr.dst_storage");
    /** What {@code rdma_bind_addr} fails with when the port is taken (the layout test proves it). */
    static final int EADDRINUSE = 98;

    private Pointer id;

    private CmId(Pointer id) {
        this.id = id;
    }

    /** A new identifier for a reliable connection ({@code RDMA_PS_TCP}), reporting to {@code channel}. */
    public static CmId create(EventChannel channel) {
        Memory out = new Memory(Native.POINTER_SIZE);
        VerbsException.check(CmVerbs.rdma_create_id(channel.pointer(), out, null, CmVerbs.RDMA_PS_TCP), "rdma_create_id",
                "Is the rdma_ucm kernel module loaded (ls /dev/infiniband/rdma_cm)?");
        return new CmId(out.getPointer(0));
    }

    /** The identifier a CONNECT_REQUEST made for its connection: this program's to accept or reject, and to destroy. */
    public static CmId ofRequest(CmEvent request) {
        if (!request.is(CmEventType.RDMA_CM_EVENT_CONNECT_REQUEST)) {
            throw new IllegalArgumentException(request.name() + " is not a connection request");
        }
        return new CmId(request.id());
    }

    /** The {@code struct rdma_cm_id *}. */
    public Pointer pointer() {
        if (id == null) {
            throw new IllegalStateException("the identifier is destroyed");
        }
        return id;
    }

    /** Whether {@code event} is about this identifier: its own, or a connection request to it as a listener. */
    public boolean owns(CmEvent event) {
        return pointer().equals(event.id()) || pointer().equals(event.listenId());
    }

    /**
     * {@code rdma_resolve_addr}: finds the local device, port and GID that reach
     * {@code destination} (from {@code source}, or wherever the routing table says when it is
     * null); ADDR_RESOLVED or ADDR_ERROR follows within {@code timeoutMs}.
     */
    public void resolveAddress(InetSocketAddress source, InetSocketAddress destination, int timeoutMs) {
        Memory src = source == null ? null : SocketAddresses.toNative(source);
        VerbsException.check(CmVerbs.rdma_resolve_addr(pointer(), src, SocketAddresses.toNative(destination), timeoutMs),
                "rdma_resolve_addr(" + SocketAddresses.text(destination) + ")",
                source == null ? "Is it the address of the server's RDMA network interface, and does a route lead there (ip route get "
                        + destination.getAddress().getHostAddress() + ")?"
                        : "Is " + source.getAddress().getHostAddress() + " an address of an RDMA device's network interface"
                        + " (rdma link, ip -br addr)?");
    }

    /** {@code rdma_resolve_route}: the path to the resolved address; ROUTE_RESOLVED or ROUTE_ERROR follows. */
    public void resolveRoute(int timeoutMs) {
        VerbsException.check(CmVerbs.rdma_resolve_route(pointer(), timeoutMs), "rdma_resolve_route", "Report this");
    }

    /** {@code rdma_bind_addr}: this identifier's address; port 0 asks for any free one. */
    public void bind(InetSocketAddress address) {
        int rc = CmVerbs.rdma_bind_addr(pointer(), SocketAddresses.toNative(address));
        if (rc != 0) {
            int errno = Native.getLastError();
            throw VerbsException.ofErrno("rdma_bind_addr(" + SocketAddresses.text(address) + ")", errno, errno == EADDRINUSE
                    ? "Another program already listens on port " + address.getPort() + " there: pass another -p/--port, or stop it"
                    : "Is " + address.getAddress().getHostAddress() + " an address of an RDMA device's network interface"
                    + " (rdma link, ip -br addr)? Leave -a out to listen on all of them");
        }
    }

    /** {@code rdma_listen}: connection requests are queued, {@code backlog} at most, and reported as CONNECT_REQUEST. */
    public void listen(int backlog) {
        VerbsException.check(CmVerbs.rdma_listen(pointer(), backlog), "rdma_listen", "Report this");
    }

    /**
     * The device context the identifier is bound to once its address is resolved or a request
     * arrived on it ({@code verbs}): librdmacm opened it and closes it, so it is borrowed. Every
     * verbs object of the connection (PD, CQ, MR, QP) is created on it.
     */
    public DeviceContext context() {
        Pointer verbs = pointer().getPointer(ID.offsetOf("verbs"));
        if (verbs == null) {
            throw new IllegalStateException("the identifier is bound to no device yet: resolve its address first");
        }
        return DeviceContext.borrowed(verbs);
    }

    /** {@code port_num}: the device's port the identifier is bound to. */
    public int portNum() {
        return Byte.toUnsignedInt(pointer().getByte(ID.offsetOf("port_num")));
    }

    /** {@code rdma_get_local_addr}: this side's address and port. */
    public InetSocketAddress localAddress() {
        return SocketAddresses.fromNative(pointer().share(LOCAL_ADDRESS));
    }

    /** {@code rdma_get_peer_addr}: the peer's address and port. */
    public InetSocketAddress peerAddress() {
        return SocketAddresses.fromNative(pointer().share(PEER_ADDRESS));
    }

    /** {@code rdma_connect}: sends the connection request; ESTABLISHED, REJECTED, UNREACHABLE or CONNECT_ERROR follows. */
    public void connect(ConnParam param) {
        VerbsException.check(CmVerbs.rdma_connect(pointer(), param.toNative()), "rdma_connect",
                "The parameters ask for more than the device allows (max_qp_rd_atom in ibv_devinfo -v)?");
    }

    /**
     * {@code rdma_accept}: moves this connection's QP to RTR and RTS with what the request asked
     * for, then sends the reply; ESTABLISHED follows once the client confirms. {@code param} null:
     * as the peer asked, within what the device allows, and no private data.
     */
    public void accept(ConnParam param) {
        VerbsException.check(CmVerbs.rdma_accept(pointer(), param == null ? null : param.toNative()), "rdma_accept",
                "Did the client go away before it was accepted?");
    }

    /** {@code rdma_reject}: refuses the request; the client gets REJECTED, with {@code privateData}. */
    public void reject(byte[] privateData) {
        Memory data = null;
        if (privateData.length > 0) {
            data = new Memory(privateData.length);
            data.write(0, privateData, 0, privateData.length);
        }
        VerbsException.check(CmVerbs.rdma_reject(pointer(), data, (byte) privateData.length), "rdma_reject",
                "Did the client go away before it was answered?");
    }

    /** {@code rdma_disconnect}: moves the QP to the error state and tells the peer; both get DISCONNECTED. */
    public void disconnect() {
        VerbsException.check(CmVerbs.rdma_disconnect(pointer()), "rdma_disconnect", "Was it connected?");
    }

    /**
     * {@code rdma_destroy_id}, after its QP (which it does not destroy, and does not check for) and
     * after every event of it is acknowledged (as {@link EventChannel} does): until then it blocks.
     */
    @Override
    public void close() {
        if (id != null) {
            int rc = CmVerbs.rdma_destroy_id(id);
            id = null;
            VerbsException.check(rc, "rdma_destroy_id", "The kernel no longer knows this identifier (its device was removed?): nothing is left to release");
        }
    }
}
