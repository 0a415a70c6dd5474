package rdma.queues;

import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import rdma.devices.DeviceContext;
import rdma.devices.Gid;
import rdma.devices.GidEntry;
import rdma.devices.Mtu;
import rdma.devices.Port;
import rdma.devices.ResourceStack;
import rdma.memory.Access;
import rdma.memory.MemoryRegion;
import rdma.memory.ProtectionDomain;

/**
 * One side of a reliable connection on a port of an open device: a PD, a registered buffer (and
 * a second one for messages, where the spec asks for it), a CQ and an RC QP, made in that order
 * from an {@link EndpointSpec} and released in the reverse one (QP, CQ, MRs, PD). The caller owns the device context, and closes it after the endpoint:
 *
 * <pre>
 * try (DeviceContext context = DeviceContext.open(device);
 *      Endpoint endpoint = Endpoint.create(context.port(1), null, EndpointSpec.of(4096))) {
 * </pre>
 *
 * Everything local is checked while it is built (the port is ACTIVE and addressable, the GID
 * index names a used entry, the buffer can be registered), so a mistake is an error before any
 * peer is involved.
 */
public final class Endpoint implements AutoCloseable {
    private final ResourceStack resources = new ResourceStack();
    private final Port port;
    private final EndpointSpec spec;
    private final Optional<GidEntry> gid;
    private final ProtectionDomain pd;
    private final MemoryRegion buffer;
    private final MemoryRegion messages;
    private final CompletionQueue cq;
    private final QueuePair qp;
    private final int psn = ThreadLocalRandom.current().nextInt() & 0xffffff;

    private Endpoint(Port port, Integer requestedGid, EndpointSpec spec) {
        this.port = port;
        this.spec = spec;
        try {
            port.requireActive();
            port.requireAddress();
            gid = port.chooseGid(requestedGid);
            DeviceContext context = port.context();
            pd = resources.push(ProtectionDomain.allocate(context));
            buffer = resources.push(MemoryRegion.register(pd, spec.bufferSize(), spec.bufferAccess()));
            messages = spec.messageBytes() == 0 ? null
                    : resources.push(MemoryRegion.register(pd, spec.messageBytes(), Access.bits(Access.IBV_ACCESS_LOCAL_WRITE)));
            cq = resources.push(CompletionQueue.create(context, spec.cqEntries(), spec.completionChannel()));
            qp = resources.push(QueuePair.createRc(pd, cq, cq, spec.capacity()));
        } catch (RuntimeException failure) {
            resources.close();
            throw failure;
        }
    }

    /**
     * Builds an endpoint on {@code port}. {@code requestedGid} is the -g/--gid-idx the user gave,
     * or null to use the port's IPv4-mapped RoCE v2 GID on Ethernet and none on InfiniBand.
     */
    public static Endpoint create(Port port, Integer requestedGid, EndpointSpec spec) {
        return new Endpoint(port, requestedGid, spec);
    }

    public Port port() {
        return port;
    }

    public DeviceContext context() {
        return port.context();
    }

    public EndpointSpec spec() {
        return spec;
    }

    /** The GID entry this side's packets carry, or empty on InfiniBand (LIDs address ports). */
    public Optional<GidEntry> gid() {
        return gid;
    }

    /** The GID index, or -1 when no GID is used. */
    public int gidIndex() {
        return gid.map(GidEntry::index).orElse(-1);
    }

    public ProtectionDomain pd() {
        return pd;
    }

    public MemoryRegion buffer() {
        return buffer;
    }

    /** The second, local-only buffer of {@link EndpointSpec#withMessageBuffer}; there when the spec asks for it. */
    public MemoryRegion messages() {
        if (messages == null) {
            throw new IllegalStateException("the spec asked for no message buffer");
        }
        return messages;
    }

    public CompletionQueue cq() {
        return cq;
    }

    public QueuePair qp() {
        return qp;
    }

    /** What the other side needs to reach this QP: LID, QP number, first PSN and GID. */
    public RemoteAddress address() {
        byte[] raw = gid.map(entry -> entry.raw().clone()).orElse(new byte[16]);
        return new RemoteAddress(port.lid(), qp.qpNum(), psn, raw);
    }

    /** RESET to INIT, granting the spec's remote access. */
    public QpTransitions.Transition init() {
        return modify(QpTransitions.toInit(port.number(), spec.qpAccess()), "Check the port number (-i)");
    }

    /** INIT to RTR towards {@code remote}; a refusal says which part of the address is wrong. */
    public QpTransitions.Transition readyToReceive(RemoteAddress remote, Mtu pathMtu, int sl) {
        return modify(QpTransitions.toRtr(port.number(), pathMtu, gidIndex(), sl, remote, spec.rdAtomic()),
                rtrHint(remote, pathMtu));
    }

    /** RTR to RTS, with {@code rnrRetry} retries when the peer has no receive posted. */
    public QpTransitions.Transition readyToSend(int rnrRetry) {
        return readyToSend(rnrRetry, spec.rdAtomic());
    }

    /**
     * RTR to RTS, issuing at most {@code readsToIssue} RDMA READs at once (max_rd_atomic): no
     * more than the peer's QP serves, its max_dest_rd_atomic.
     */
    public QpTransitions.Transition readyToSend(int rnrRetry, int readsToIssue) {
        return modify(QpTransitions.toRts(psn, rnrRetry, readsToIssue), "RTS follows RTR only; max_rd_atomic is at most"
                + " the device's max_qp_init_rd_atom (01-devices -v shows it)");
    }

    /** RTR then RTS, as rdma-core's {@code pp_connect_ctx} does, retrying RNR forever. */
    public void connect(RemoteAddress remote, Mtu pathMtu, int sl) {
        connect(remote, pathMtu, sl, spec.rdAtomic());
    }

    /** The same, issuing at most {@code readsToIssue} RDMA READs at once (chapter 06). */
    public void connect(RemoteAddress remote, Mtu pathMtu, int sl, int readsToIssue) {
        readyToReceive(remote, pathMtu, sl);
        readyToSend(QpTransitions.RNR_RETRY_FOREVER, readsToIssue);
    }

    private QpTransitions.Transition modify(QpTransitions.Transition transition, String hint) {
        qp.modify(transition.attr(), transition.mask(), hint);
        return transition;
    }

    /**
     * Why {@code ibv_modify_qp} to RTR failed, as far as this side can tell: RTR is where the peer's
     * address meets the local port, and nearly every refusal is an addressing problem.
     */
    String rtrHint(RemoteAddress remote, Mtu pathMtu) {
        if (port.isEthernet() && Gid.isNull(remote.gid())) {
            return "The peer sent no GID, but " + port.name() + " is RoCE, where every packet needs a global"
                    + " route header (GRH) with GIDs: start the peer with -g <index of its IPv4-mapped RoCE v2 GID>"
                    + " (01-devices shows it)";
        }
        if (pathMtu.value() > port.activeMtu().map(Mtu::value).orElse(0)) {
            return "The path MTU " + pathMtu.bytes() + " is above the active MTU of " + port.name()
                    + ": pass a smaller -m/--mtu on both sides";
        }
        return "The peer's address was refused: on RoCE check both sides' -g/--gid-idx (the GID must be the"
                + " port's, IPv4-mapped RoCE v2 for IPv4), on InfiniBand the peer's LID";
    }

    /** Releases the QP, CQ, MR and PD, in that order; the caller then closes the context. */
    @Override
    public void close() {
        resources.close();
    }
}
