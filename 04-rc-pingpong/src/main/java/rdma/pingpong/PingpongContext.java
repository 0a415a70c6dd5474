package rdma.pingpong;

import java.util.concurrent.ThreadLocalRandom;
import rdma.devices.Device;
import rdma.devices.DeviceContext;
import rdma.devices.DevinfoNames;
import rdma.devices.VerbsException;
import rdma.devices.ibv_port_attr;
import rdma.memory.Access;
import rdma.memory.MemoryRegion;
import rdma.memory.ProtectionDomain;
import rdma.queues.CompletionQueue;
import rdma.queues.Endpoint;
import rdma.queues.QpTransitions;
import rdma.queues.QueuePair;
import rdma.queues.RemoteAddress;
import rdma.queues.ResourceStack;
import rdma.queues.SendRequest;

/**
 * What rc_pingpong.c's {@code pp_init_ctx} builds, in the same order: one buffer registered for
 * both sending and receiving, a CQ with room for every receive plus the one send, an RC QP with
 * one send slot and {@code rxDepth} receive slots, moved to INIT. Released in reverse order.
 */
final class PingpongContext implements AutoCloseable {
    /** The byte rc_pingpong.c fills its buffer with. */
    static final byte FILL = 0x7b;

    private final ResourceStack resources = new ResourceStack();
    private final DeviceContext context;
    private final int port;
    private final ibv_port_attr portAttr;
    private final int gidIndex;
    private final MemoryRegion buffer;
    private final CompletionQueue cq;
    private final QueuePair qp;
    private final int sendFlags;
    private final RemoteAddress address;
    private final String gidNote;

    PingpongContext(Device device, int port, Integer requestedGid, int size, int rxDepth) {
        try {
            context = resources.push(DeviceContext.open(device));
            context.requirePort(port);
            this.port = port;
            portAttr = context.queryPort(port);
            boolean ethernet = portAttr.link_layer == DevinfoNames.LINK_LAYER_ETHERNET;
            if (!ethernet && portAttr.lid == 0) {
                throw new VerbsException("ibv_query_port(" + device.name() + ", " + port + ")", "the port has no LID",
                        "Is a subnet manager running on this InfiniBand fabric (sminfo)?");
            }
            ProtectionDomain pd = resources.push(ProtectionDomain.allocate(context));
            buffer = resources.push(MemoryRegion.register(pd, size, Access.LOCAL_WRITE.bit()));
            buffer.buffer().setMemory(0, size, FILL);
            cq = resources.push(CompletionQueue.create(context, rxDepth + 1));
            qp = resources.push(QueuePair.createRc(pd, cq, cq, 1, rxDepth));
            // Small messages go inline, in the work request itself, when the QP allows it: as C does.
            sendFlags = SendRequest.IBV_SEND_SIGNALED | (qp.maxInlineData() >= size ? SendRequest.IBV_SEND_INLINE : 0);
            QpTransitions.Transition init = QpTransitions.toInit(port, 0);
            qp.modify(init.attr(), init.mask(), "Check the port number (-i)");
            gidIndex = Endpoint.chooseGidIndex(context, port, portAttr, requestedGid);
            gidNote = requestedGid != null || gidIndex < 0 ? null
                    : "RoCE needs a GID: using GID index " + gidIndex + ", the IPv4-mapped RoCE v2 GID of "
                            + device.name() + " port " + port + " (-g/--gid-idx chooses another)";
            byte[] gid = gidIndex < 0 ? new byte[16] : context.queryGid(port, gidIndex);
            address = new RemoteAddress(Short.toUnsignedInt(portAttr.lid), qp.qpNum(),
                    ThreadLocalRandom.current().nextInt() & 0xffffff, gid);
        } catch (RuntimeException failure) {
            resources.close();
            throw failure;
        }
    }

    /**
     * INIT to RTR to RTS towards {@code remote}, as {@code pp_connect_ctx} does. A refused RTR is
     * almost always an addressing problem, and the error says which.
     */
    void connect(RemoteAddress remote, int mtu, int sl) {
        QpTransitions.Transition rtr = QpTransitions.toRtr(port, mtu, gidIndex, sl, remote);
        qp.modify(rtr.attr(), rtr.mask(), rtrHint(remote, mtu));
        QpTransitions.Transition rts = QpTransitions.toRts(address.psn(), QpTransitions.RNR_RETRY_FOREVER);
        qp.modify(rts.attr(), rts.mask(), "RTS follows RTR only");
    }

    String rtrHint(RemoteAddress remote, int mtu) {
        boolean ethernet = portAttr.link_layer == DevinfoNames.LINK_LAYER_ETHERNET;
        if (ethernet && rdma.devices.Gid.isNull(remote.gid())) {
            return "The peer sent no GID, but " + context.device().name() + " port " + port + " is RoCE, where every"
                    + " packet needs a global route header (GRH) with GIDs: start the peer with -g <index of its"
                    + " IPv4-mapped RoCE v2 GID> (01-devices shows it)";
        }
        if (mtu > portAttr.active_mtu) {
            return "The path MTU " + DevinfoNames.mtu(mtu) + " is above the port's active MTU "
                    + DevinfoNames.mtu(portAttr.active_mtu) + ": pass a smaller -m/--mtu on both sides";
        }
        return "The peer's address was refused: on RoCE check both sides' -g/--gid-idx (the GID must be"
                + " the port's, IPv4-mapped RoCE v2 for IPv4), on InfiniBand the peer's LID";
    }

    DeviceContext context() {
        return context;
    }

    MemoryRegion buffer() {
        return buffer;
    }

    CompletionQueue cq() {
        return cq;
    }

    QueuePair qp() {
        return qp;
    }

    int sendFlags() {
        return sendFlags;
    }

    /** Our LID, QP number, PSN and GID, for the peer. */
    RemoteAddress address() {
        return address;
    }

    /** Which GID was chosen automatically, or null when -g chose or no GID is needed. */
    String gidNote() {
        return gidNote;
    }

    @Override
    public void close() {
        resources.close();
    }
}
