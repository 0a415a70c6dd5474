package rdma.queues;

import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import rdma.devices.DeviceContext;
import rdma.devices.GidEntry;
import rdma.devices.Port;
import rdma.devices.c.Mtu;
import rdma.memory.MemoryRegion;
import rdma.memory.ProtectionDomain;
import rdma.queues.c.ibv_qp_attr;
import rdma.support.ResourceStack;

/**
 * One side of a reliable connection on a port of an open device: a PD, a registered buffer, a
 * CQ and an RC QP, made in that order from an {@link EndpointSpec} and released in the reverse
 * one (QP, CQ, MR, PD). The caller owns the device context, and closes it after the endpoint:
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
    /** The PD and the regions registered in it: released after the queues. */
    private final ResourceStack memory = new ResourceStack();
    /** The CQ and the QP: released first, QP before CQ. */
    private final ResourceStack queues = new ResourceStack();
    private final Port port;
    private final EndpointSpec spec;
    private final Optional<GidEntry> gid;
    private final ProtectionDomain pd;
    private final MemoryRegion buffer;
    private final CompletionQueue cq;
    private final QueuePair qp;
    private final int psn = ThreadLocalRandom.current().nextInt() & 0xffffff;

    private Endpoint(Port port, Integer requestedGid, EndpointSpec spec, Function<DeviceContext, CompletionQueue> cqMaker) {
        this.port = port;
        this.spec = spec;
        try {
            port.requireActive();
            port.requireAddress();
            gid = port.chooseGid(requestedGid);
            DeviceContext context = port.context();
            pd = memory.push(ProtectionDomain.allocate(context));
            buffer = memory.push(MemoryRegion.register(pd, spec.bufferSize(), spec.bufferAccess()));
            cq = queues.push(cqMaker.apply(context));
            qp = queues.push(QueuePair.createRc(pd, cq, cq, spec.capacity()));
        } catch (RuntimeException failure) {
            throw memory.closeAfter(queues.closeAfter(failure));
        }
    }

    /**
     * Builds an endpoint on {@code port}. {@code requestedGid} is the -g/--gid-idx the user gave,
     * or null to use the port's IPv4-mapped RoCE v2 GID on Ethernet and none on InfiniBand.
     */
    public static Endpoint create(Port port, Integer requestedGid, EndpointSpec spec) {
        return new Endpoint(port, requestedGid, spec, context -> CompletionQueue.create(context, spec.cqEntries()));
    }

    /**
     * The same, with a CQ the caller makes: {@code cqMaker} is called once, with the port's
     * context, where this endpoint would create its own, and the endpoint owns what it returns
     * (for a CQ made with other {@code ibv_create_cq} arguments than {@link CompletionQueue#create}'s).
     */
    public static Endpoint create(Port port, Integer requestedGid, EndpointSpec spec,
            Function<DeviceContext, CompletionQueue> cqMaker) {
        return new Endpoint(port, requestedGid, spec, cqMaker);
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

    /**
     * Registers {@code length} more bytes in this endpoint's PD, with the {@link rdma.memory.c.Access}
     * bits {@code access}: a second region beside the buffer, which the endpoint releases with
     * its own (after the QP, before the PD). A PD holds as many regions as a program needs; a
     * peer that holds the rkey of one can reach nothing of another.
     */
    public MemoryRegion register(long length, int access) {
        return memory.push(MemoryRegion.register(pd, length, access));
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
        return modify(QpTransitions.toInit(port.number(), spec.qpAccess()));
    }

    /** INIT to RTR towards {@code remote}; a refusal says which part of the address is wrong. */
    public QpTransitions.Transition readyToReceive(RemoteAddress remote, Mtu pathMtu, int sl) {
        return modify(rtr(remote, pathMtu, sl));
    }

    /** RTR to RTS, with {@code rnrRetry} retries when the peer has no receive posted. */
    public QpTransitions.Transition readyToSend(int rnrRetry) {
        return modify(rts(rnrRetry));
    }

    /** RTR then RTS, as rdma-core's {@code pp_connect_ctx} does, retrying RNR forever. */
    public void connect(RemoteAddress remote, Mtu pathMtu, int sl) {
        readyToReceive(remote, pathMtu, sl);
        readyToSend(QpTransitions.RNR_RETRY_FOREVER);
    }

    /** The step to RTR towards {@code remote}, not taken yet: {@link #modify} takes it, after any change to its attributes. */
    public QpTransitions.Transition rtr(RemoteAddress remote, Mtu pathMtu, int sl) {
        return QpTransitions.toRtr(port.number(), pathMtu, gidIndex(), sl, remote);
    }

    /** The step to RTS, not taken yet: {@link #modify} takes it, after any change to its attributes. */
    public QpTransitions.Transition rts(int rnrRetry) {
        return QpTransitions.toRts(psn, rnrRetry);
    }

    /** {@code ibv_modify_qp} with the step's attributes; a refusal says what to check for that step. */
    public QpTransitions.Transition modify(QpTransitions.Transition transition) {
        qp.modify(transition.attr(), transition.mask(), hintFor(transition));
        return transition;
    }

    private String hintFor(QpTransitions.Transition transition) {
        return switch (transition.target()) {
            case IBV_QPS_INIT -> "Check the port number (-i)";
            case IBV_QPS_RTR -> rtrHint(transition.attr());
            default -> "RTS follows RTR only; max_rd_atomic is at most the device's max_qp_init_rd_atom"
                    + " (01-devices -v shows it)";
        };
    }

    /**
     * Why {@code ibv_modify_qp} to RTR failed, as far as this side can tell: RTR is where the peer's
     * address meets the local port, and nearly every refusal is an addressing problem.
     */
    String rtrHint(ibv_qp_attr rtr) {
        if (port.isEthernet() && rtr.ah_attr.is_global == 0) {
            return "The peer sent no GID, but " + port.name() + " is RoCE, where a QP is addressed by GID only"
                    + " (the address vector must be global): start the peer with -g <index of its IPv4-mapped"
                    + " RoCE v2 GID> (01-devices shows it)";
        }
        Mtu pathMtu = Mtu.of(rtr.path_mtu).orElseThrow();
        if (pathMtu.value() > port.activeMtu().map(Mtu::value).orElse(0)) {
            return "The path MTU " + pathMtu.bytes() + " is above the active MTU of " + port.name()
                    + ": pass a smaller -m/--mtu on both sides";
        }
        return "The peer's address was refused: on RoCE check both sides' -g/--gid-idx (the GID must be the"
                + " port's, IPv4-mapped RoCE v2 for IPv4), on InfiniBand the peer's LID";
    }

    /** Releases the QP, CQ, MRs and PD, in that order; the caller then closes the context. */
    @Override
    public void close() {
        try {
            queues.close();
        } catch (RuntimeException failure) {
            throw memory.closeAfter(failure);
        }
        memory.close();
    }
}
