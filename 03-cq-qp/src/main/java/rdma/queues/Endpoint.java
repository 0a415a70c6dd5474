package rdma.queues;

import java.util.concurrent.ThreadLocalRandom;
import rdma.devices.Device;
import rdma.devices.DeviceContext;
import rdma.devices.DevinfoNames;
import rdma.devices.VerbsException;
import rdma.devices.ibv_port_attr;
import rdma.memory.Access;
import rdma.memory.MemoryRegion;
import rdma.memory.ProtectionDomain;

/**
 * One side of a connection: an open device, a PD, a CQ, a registered buffer and an RC QP, made in
 * that order and released in the reverse one (QP, CQ, MR, PD, context).
 */
public final class Endpoint implements AutoCloseable {
    static final int BUFFER_SIZE = 4096;
    static final int QUEUE_DEPTH = 16;

    private final ResourceStack resources = new ResourceStack();
    private final String name;
    private final int port;
    private final DeviceContext context;
    private final ibv_port_attr portAttr;
    private final int gidIndex;
    private final byte[] gid;
    private final CompletionQueue cq;
    private final MemoryRegion buffer;
    private final QueuePair qp;
    private final int psn = ThreadLocalRandom.current().nextInt() & 0xffffff;

    /**
     * Opens {@code device} and builds everything on {@code port}. {@code gidIndex} null picks the
     * port's IPv4-mapped RoCE v2 GID on Ethernet, and no GID on InfiniBand (LIDs are used).
     */
    public Endpoint(String name, Device device, int port, Integer gidIndex) {
        this.name = name;
        this.port = port;
        try {
            context = resources.push(DeviceContext.open(device));
            context.requirePort(port);
            portAttr = context.queryPort(port);
            this.gidIndex = chooseGidIndex(context, port, portAttr, gidIndex);
            gid = this.gidIndex < 0 ? new byte[16] : context.queryGid(port, this.gidIndex);
            ProtectionDomain pd = resources.push(ProtectionDomain.allocate(context));
            buffer = resources.push(MemoryRegion.register(pd, BUFFER_SIZE, Access.LOCAL_WRITE.bit()));
            cq = resources.push(CompletionQueue.create(context, 2 * QUEUE_DEPTH));
            qp = resources.push(QueuePair.createRc(pd, cq, cq, QUEUE_DEPTH, QUEUE_DEPTH));
        } catch (RuntimeException failure) {
            resources.close();
            throw failure;
        }
    }

    /**
     * The GID index a connection on {@code port} uses: {@code requested} when given (checked
     * against the table), else the port's IPv4-mapped RoCE v2 GID on Ethernet, and -1 (no GID,
     * LIDs instead) on InfiniBand.
     */
    public static int chooseGidIndex(DeviceContext context, int port, ibv_port_attr portAttr, Integer requested) {
        if (requested != null) {
            if (requested < 0 || requested >= portAttr.gid_tbl_len) {
                throw new VerbsException("-g/--gid-idx " + requested, "GID index " + requested + " is out of range for "
                        + context.device().name() + " port " + port + " (its table has " + portAttr.gid_tbl_len + " entries)",
                        "01-devices -v lists the GID table");
            }
            return requested;
        }
        if (portAttr.link_layer != DevinfoNames.LINK_LAYER_ETHERNET) {
            return -1;
        }
        return context.ipv4RoceV2Gid(port)
                .orElseThrow(() -> new VerbsException("-g/--gid-idx", context.device().name() + " port " + port
                        + " has no IPv4-mapped RoCE v2 GID", "Give its network interface an IPv4 address, or pass"
                        + " -g/--gid-idx (01-devices -v lists the GID table)"))
                .index();
    }

    public String name() {
        return name;
    }

    public DeviceContext context() {
        return context;
    }

    public int port() {
        return port;
    }

    public int gidIndex() {
        return gidIndex;
    }

    public int activeMtu() {
        return portAttr.active_mtu;
    }

    public CompletionQueue cq() {
        return cq;
    }

    public MemoryRegion buffer() {
        return buffer;
    }

    public QueuePair qp() {
        return qp;
    }

    /** What the other side needs to reach this QP. */
    public RemoteAddress address() {
        return new RemoteAddress(Short.toUnsignedInt(portAttr.lid), qp.qpNum(), psn, gid.clone());
    }

    @Override
    public void close() {
        resources.close();
    }
}
