package rdma.srq;

import java.io.PrintStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import rdma.devices.Device;
import rdma.devices.DeviceContext;
import rdma.devices.Gid;
import rdma.devices.GidEntry;
import rdma.devices.Port;
import rdma.devices.c.Mtu;
import rdma.events.WaitMode;
import rdma.memory.AlignedMemory;
import rdma.memory.MemoryRegion;
import rdma.memory.ProtectionDomain;
import rdma.memory.c.Access;
import rdma.pingpong.AddressExchange;
import rdma.pingpong.Connection;
import rdma.pingpong.PageCheck;
import rdma.pingpong.ResultLines;
import rdma.pingpong.TwoSided;
import rdma.pingpong.waiting.CompletionWaiter;
import rdma.pingpong.waiting.Waiting;
import rdma.queues.CompletionQueue;
import rdma.queues.Completions;
import rdma.queues.QpTransitions;
import rdma.queues.QueuePair;
import rdma.queues.RemoteAddress;
import rdma.queues.c.SendFlag;
import rdma.queues.c.WrOpcode;
import rdma.queues.requests.SendRequest;
import rdma.srq.SharedReceiveQueue.AttachedQp;
import rdma.srq.compat.SrqPingpongExchange;
import rdma.support.CEnum;
import rdma.support.Closeables;
import rdma.support.ResourceStack;
import rdma.support.VerbsException;

/**
 * ibv_srq_pingpong, one run of it, in srq_pingpong.c's order: {@code -q} RC QPs that share one
 * receive queue and one CQ, each connected to its own QP on the peer, and {@code -n} exchanges in
 * total over all of them. Every receive comes from the shared pool; its completion's
 * {@code qp_num} says which QP it served, and that QP answers.
 */
public record SrqPingpong(SrqOptions options, String program) {
    static final long RECV_WRID = 1;
    static final long SEND_WRID = 2;

    /** Runs the mode the options ask for (server, client, or both in one JVM); 0 on success. */
    public int run(boolean noArguments, PrintStream out, PrintStream err) {
        return TwoSided.run(options.connection, noArguments, program, out, err, this::side);
    }

    /** One side: a server when {@code host} is null, which calls {@code listening} once it listens. */
    private void side(Device device, String host, PrintStream out, Consumer<ServerSocket> listening) {
        try (ResourceStack resources = new ResourceStack()) {
            // pp_init_ctx: the device, its PD, one buffer, one CQ for everything, the SRQ, then the QPs.
            DeviceContext context = resources.push(DeviceContext.open(device));
            Waiting.Scope waiting = resources.push((options.events ? WaitMode.events : WaitMode.poll).open(context));
            Port port = context.port(options.connection.ibPort);
            port.requireActive();
            port.requireAddress();
            Mtu pathMtu = port.requirePathMtu(options.connection.pathMtu());
            int gidIndex = port.chooseGid(options.connection.gidIdx).map(GidEntry::index).orElse(-1);
            // One CQ for every receive and a send per QP, one SRQ for every receive: within the device's limits?
            SharedReceiveQueue.requireRoom(context, options.rxDepth, options.rxDepth + options.numQp);
            ProtectionDomain pd = resources.push(ProtectionDomain.allocate(context));
            MemoryRegion buffer = resources.push(MemoryRegion.register(pd, options.size, Access.IBV_ACCESS_LOCAL_WRITE.value()));
            buffer.buffer().setMemory(0, options.size, (byte) 0);
            CompletionQueue cq = resources.push(waiting.createCq(options.rxDepth + options.numQp));
            SharedReceiveQueue srq = resources.push(SharedReceiveQueue.create(pd, options.rxDepth, 1));
            List<QueuePair> qps = new ArrayList<>();
            for (int i = 0; i < options.numQp; i++) {
                qps.add(resources.push(srq.createQp(cq, 1, 0)).qp());
            }
            for (QueuePair qp : qps) {
                QpTransitions.Transition init = QpTransitions.toInit(port.number(), 0);
                qp.modify(init.attr(), init.mask(), "Check the port number (-i)");
            }
            CompletionWaiter waiter = resources.push(waiting.waiter(cq));

            // pp_post_recv: the whole pool at once, every receive into the same buffer, as C does.
            SrqReceive receive = new SrqReceive(srq).wrId(RECV_WRID).sge(buffer, 0, options.size);
            for (int i = 0; i < options.rxDepth; i++) {
                receive.post();
            }

            // One address per QP, then the exchange; the QPs reach RTR and RTS inside it.
            List<RemoteAddress> mine = new ArrayList<>();
            for (QueuePair qp : qps) {
                mine.add(localAddress(port, gidIndex, qp));
            }
            sayWhichGid(port, gidIndex, out);
            mine.forEach(address -> print(out, "local address:  ", address));
            List<RemoteAddress> theirs = exchange(host, listening, mine,
                    peers -> connect(qps, mine, peers, port, pathMtu, gidIndex));
            theirs.forEach(address -> print(out, "remote address: ", address));

            Loop loop = new Loop(qps, receive, cq, waiter, buffer, sendFlags(qps.get(0), options.size));
            boolean isClient = host != null;
            if (isClient && options.check) {
                PageCheck.markPageStarts(buffer.buffer(), options.size); // the same as rc_pingpong's -c client
            }
            long nanos = loop.run(isClient);
            ResultLines.of((long) options.size * options.iters * 2, options.iters, nanos).forEach(out::println);
            if (!isClient && options.check) {
                checkPages(buffer, out);
            }
        }
    }

    /** What the peer's QP {@code qp} needs: LID, QP number, a random first PSN, and our GID (zeros without one). */
    static RemoteAddress localAddress(Port port, int gidIndex, QueuePair qp) {
        byte[] gid = gidIndex < 0 ? new byte[16] : port.gid(gidIndex).raw();
        return new RemoteAddress(port.lid(), qp.qpNum(), ThreadLocalRandom.current().nextInt() & 0xffffff, gid);
    }

    /** The TCP side of the exchange: 256 records each way (srq_pingpong's format). */
    private List<RemoteAddress> exchange(String host, Consumer<ServerSocket> listening, List<RemoteAddress> mine,
            Consumer<List<RemoteAddress>> connector) {
        Socket socket = AddressExchange.open(host, options.connection.port, listening);
        try {
            return host == null ? SrqPingpongExchange.server(socket, mine, connector) : SrqPingpongExchange.client(socket, mine, connector);
        } finally {
            Closeables.closeQuietly(socket);
        }
    }

    /**
     * pp_connect_ctx: QP {@code i} to the peer's QP {@code i}, RTR then RTS. Every QP is addressed
     * with the GID of the peer's first record, as C does: one peer, one port.
     */
    private void connect(List<QueuePair> qps, List<RemoteAddress> mine, List<RemoteAddress> theirs, Port port, Mtu pathMtu,
            int gidIndex) {
        byte[] peerGid = theirs.get(0).gid();
        for (int i = 0; i < qps.size(); i++) {
            RemoteAddress peer = theirs.get(i);
            QpTransitions.Transition rtr = QpTransitions.toRtr(port.number(), pathMtu, gidIndex, options.connection.sl,
                    new RemoteAddress(peer.lid(), peer.qpn(), peer.psn(), peerGid));
            qps.get(i).modify(rtr.attr(), rtr.mask(), "The peer's address was refused: check both sides' -g/--gid-idx and -m/--mtu");
            QpTransitions.Transition rts = QpTransitions.toRts(mine.get(i).psn(), QpTransitions.RNR_RETRY_FOREVER);
            qps.get(i).modify(rts.attr(), rts.mask(), "Report this");
        }
    }

    /** Small messages go inline when the QPs allow it, as C decides from the first QP's capacity. */
    static int sendFlags(QueuePair qp, int size) {
        boolean fits = qp.capacity().maxInlineData() >= size;
        return CEnum.bits(SendFlag.IBV_SEND_SIGNALED) | (fits ? SendFlag.IBV_SEND_INLINE.value() : 0);
    }

    /**
     * The data loop of srq_pingpong.c's main: each QP has a send and a receive pending at a time;
     * a completion's {@code qp_num} says whose it is, and once both of a QP's are done it sends
     * again. The pool is refilled when it is down to one receive per QP. {@code -n} counts sends
     * and receives over all QPs together.
     */
    private final class Loop {
        private final List<QueuePair> qps;
        private final int[] qpNums;
        private final SendRequest[] sends;
        private final int[] pending;
        private final SrqReceive receive;
        private final Completions completions;
        private final CompletionWaiter waiter;
        private int outstandingReceives;
        private int received;
        private int sent;

        Loop(List<QueuePair> qps, SrqReceive receive, CompletionQueue cq, CompletionWaiter waiter,
                MemoryRegion buffer, int sendFlags) {
            this.qps = qps;
            this.qpNums = qps.stream().mapToInt(QueuePair::qpNum).toArray();
            this.sends = new SendRequest[qps.size()];
            for (int i = 0; i < sends.length; i++) {
                sends[i] = new SendRequest(qps.get(i), 1, "QP " + i).wrId(SEND_WRID).opcode(WrOpcode.IBV_WR_SEND)
                        .sendFlags(sendFlags).sge(0, buffer, 0, options.size);
            }
            this.pending = new int[qps.size()];
            this.receive = receive;
            this.completions = new Completions(cq, options.numQp + options.rxDepth, "the shared CQ");
            this.waiter = waiter;
            this.outstandingReceives = options.rxDepth;
        }

        /** The client ({@code startsSending}) sends first on every QP; returns how long the exchanges took. */
        long run(boolean startsSending) {
            for (int i = 0; i < qps.size(); i++) {
                pending[i] = (int) RECV_WRID;
                if (startsSending) {
                    sends[i].post();
                    pending[i] |= (int) SEND_WRID;
                }
            }
            long start = System.nanoTime();
            while (received < options.iters || sent < options.iters) {
                int count = waiter.await(completions, Connection.STALL_NANOS);
                if (count == 0) {
                    throw new VerbsException("ibv_poll_cq(the shared CQ)", "no completion for "
                            + TimeUnit.NANOSECONDS.toSeconds(Connection.STALL_NANOS) + " s after " + received + " receives and "
                            + sent + " sends", "The peer is gone or stopped: check the other side's output");
                }
                take(count);
            }
            return System.nanoTime() - start;
        }

        private void take(int count) {
            for (int i = 0; i < count; i++) {
                completions.requireSuccess(i);
                int qp = indexOf(completions.qpNum(i));
                long wrId = completions.wrId(i);
                if (wrId == SEND_WRID) {
                    sent++;
                } else if (wrId != RECV_WRID) {
                    throw new VerbsException("ibv_poll_cq(the shared CQ)", "completion for unknown wr_id " + wrId,
                            "This is a bug; please report it");
                } else {
                    if (--outstandingReceives <= qps.size()) {
                        int refill = options.rxDepth - outstandingReceives;
                        for (int r = 0; r < refill; r++) {
                            receive.post();
                        }
                        outstandingReceives += refill;
                    }
                    received++;
                }
                pending[qp] &= ~(int) wrId;
                if (sent < options.iters && pending[qp] == 0) {
                    sends[qp].post();
                    pending[qp] = (int) (RECV_WRID | SEND_WRID);
                }
            }
        }

        /** find_qp: which of our QPs a completion belongs to, by its {@code qp_num}. */
        private int indexOf(int qpNum) {
            for (int i = 0; i < qpNums.length; i++) {
                if (qpNums[i] == qpNum) {
                    return i;
                }
            }
            throw new VerbsException("ibv_poll_cq(the shared CQ)", String.format("a completion for QP 0x%06x, none of ours", qpNum),
                    "This is a bug; please report it");
        }
    }

    /** On RoCE without -g, which GID this side chose, and how to choose another. */
    private void sayWhichGid(Port port, int gidIndex, PrintStream out) {
        if (options.connection.gidIdx == null && gidIndex >= 0) {
            out.println("  RoCE needs a GID: using GID index " + gidIndex + ", the IPv4-mapped RoCE v2 GID of " + port.name()
                    + " (-g/--gid-idx chooses another)");
        }
    }

    private static void print(PrintStream out, String label, RemoteAddress address) {
        out.printf("  %sLID 0x%04x, QPN 0x%06x, PSN 0x%06x, GID %s%n", label, address.lid(), address.qpn(), address.psn(),
                Gid.text(address.gid()));
    }

    /**
     * -c on the server: each page of the last message must start with the 0 the client wrote, as the C
     * server checks (its buffer holds zeros, not rc_pingpong's fill, so {@link PageCheck}'s stronger check
     * of every byte would fail a C client).
     */
    private void checkPages(MemoryRegion buffer, PrintStream out) {
        int invalid = 0;
        for (int i = 0; i < options.size; i += AlignedMemory.pageSize()) {
            if (buffer.buffer().getByte(i) != 0) {
                out.printf("invalid data in page %d%n", i / AlignedMemory.pageSize());
                invalid++;
            }
        }
        if (invalid > 0) {
            throw new VerbsException("-c/--chk", invalid + " page(s) of the last message differ from what the client sent",
                    "Was the client started with -c too?");
        }
    }
}
