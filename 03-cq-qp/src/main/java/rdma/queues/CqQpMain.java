package rdma.queues;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import rdma.devices.Cli;
import rdma.devices.Device;
import rdma.devices.DeviceList;
import rdma.devices.Gid;
import rdma.devices.VerbsException;

/**
 * Chapter 03: two RC queue pairs in one process, walked from RESET to RTS and connected to each
 * other; one SEND from A to B, both completions polled and checked.
 */
@Command(name = "03-cq-qp", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Create a CQ and two RC QPs, walk them to RTS, and send one message from A to B.")
public final class CqQpMain implements Callable<Integer> {
    /** The deliberate failures the chapter can show. */
    enum Failure {
        none, send_before_rts, rnr;
    }

    static final long POLL_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(5);
    static final long SEND_WR_ID = 1;
    static final long RECV_WR_ID = 2;

    @Option(names = {"-d", "--ib-dev"}, paramLabel = "<dev>", description = "device of QP A (default first device found)")
    String ibDev;

    @Option(names = "--peer-dev", paramLabel = "<dev>", description = "device of QP B (default: the second device, or A's)")
    String peerDev;

    @Option(names = {"-i", "--ib-port"}, paramLabel = "<port>", description = "port of both devices (default ${DEFAULT-VALUE})")
    int ibPort = 1;

    @Option(names = {"-g", "--gid-idx"}, paramLabel = "<index>",
            description = "GID index on both ports (default: the IPv4-mapped RoCE v2 GID on Ethernet, none on InfiniBand)")
    Integer gidIdx;

    @Option(names = "--fail", paramLabel = "<how>", converter = FailureConverter.class,
            description = "fail on purpose: send-before-rts (post a SEND while QP A is in RTR) or rnr"
                    + " (no receive posted at B, rnr_retry 0 at A)")
    Failure fail = Failure.none;

    private final PrintStream out;

    CqQpMain(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) {
        Cli.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        return Cli.run(new CqQpMain(out), args, out, err);
    }

    /** "send-before-rts" on the command line, {@code send_before_rts} in Java. */
    static final class FailureConverter implements picocli.CommandLine.ITypeConverter<Failure> {
        @Override
        public Failure convert(String value) {
            try {
                return Failure.valueOf(value.replace('-', '_'));
            } catch (IllegalArgumentException unknown) {
                throw new picocli.CommandLine.TypeConversionException("expected send-before-rts or rnr, not '" + value + "'");
            }
        }
    }

    @Override
    public Integer call() {
        try (DeviceList list = DeviceList.open();
             Endpoint a = new Endpoint("QP A", deviceA(list), ibPort, gidIdx);
             Endpoint b = new Endpoint("QP B", deviceB(list), ibPort, gidIdx)) {
            describe(a);
            describe(b);
            out.println("ibv_create_qp: both QPs start in " + QpState.name(a.qp().queryState()));
            out.println();
            connect(a, b);
            sendOneMessage(a, b);
        }
        return 0;
    }

    private Device deviceA(DeviceList list) {
        return ibDev == null ? list.first() : list.find(ibDev);
    }

    private Device deviceB(DeviceList list) {
        if (peerDev != null) {
            return list.find(peerDev);
        }
        return list.devices().size() > 1 && ibDev == null ? list.devices().get(1) : deviceA(list);
    }

    private void describe(Endpoint side) {
        RemoteAddress address = side.address();
        String gid = side.gidIndex() < 0 ? "no GID" : "GID[" + side.gidIndex() + "] " + Gid.text(address.gid());
        out.printf("%s: %s port %d, LID 0x%04x, %s, qpn 0x%06x, psn 0x%06x%n", side.name(),
                side.context().device().name(), side.port(), address.lid(), gid, address.qpn(), address.psn());
    }

    private void connect(Endpoint a, Endpoint b) {
        int pathMtu = Math.min(a.activeMtu(), b.activeMtu());
        step(a, QpTransitions.toInit(a.port(), 0));
        step(b, QpTransitions.toInit(b.port(), 0));
        if (fail != Failure.rnr) {
            // A SEND consumes a receive posted at the peer beforehand; post it before A can send.
            new ReceiveRequest(b.qp(), b.buffer(), Endpoint.BUFFER_SIZE, RECV_WR_ID, b.name()).post();
            out.printf("ibv_post_recv(%s): %d-byte buffer ready for the message, wr_id %d%n%n", b.name(),
                    Endpoint.BUFFER_SIZE, RECV_WR_ID);
        }
        step(a, QpTransitions.toRtr(a.port(), pathMtu, a.gidIndex(), b.address()));
        step(b, QpTransitions.toRtr(b.port(), pathMtu, b.gidIndex(), a.address()));
        if (fail == Failure.send_before_rts) {
            out.printf("ibv_post_send(%s) while it is in RTR, on purpose:%n", a.name());
            new SendRequest(a.qp(), a.buffer(), 1, SEND_WR_ID, a.name()).post();
        }
        int rnrRetry = fail == Failure.rnr ? 0 : QpTransitions.RNR_RETRY_FOREVER;
        step(a, QpTransitions.toRts(a.address().psn(), rnrRetry));
        step(b, QpTransitions.toRts(b.address().psn(), QpTransitions.RNR_RETRY_FOREVER));
    }

    /** One ibv_modify_qp, then the state read back from the device with ibv_query_qp. */
    private void step(Endpoint side, QpTransitions.Transition transition) {
        side.qp().modify(transition.attr(), transition.mask(), hintFor(transition.target()));
        out.printf("ibv_modify_qp(%s, %s) mask %s -> ibv_query_qp: %s%n", side.name(), transition.target(),
                QpAttrMask.describe(transition.mask()), QpState.name(side.qp().queryState()));
        out.printf("    %s%n", transition.why());
    }

    static String hintFor(QpState target) {
        return switch (target) {
            case RTR -> "RTR needs a reachable peer: on RoCE a valid local GID index (-g) and the peer's GID"
                    + " (with the global route header), on InfiniBand its LID; and a path MTU both ports support";
            case RTS -> "RTS follows RTR only";
            default -> "Check the port number (-i) and that the QP is in the state before this one";
        };
    }

    private void sendOneMessage(Endpoint a, Endpoint b) {
        byte[] message = ("Hello from " + a.name() + " on " + a.context().device().name()).getBytes(StandardCharsets.US_ASCII);
        a.buffer().buffer().write(0, message, 0, message.length);
        new SendRequest(a.qp(), a.buffer(), message.length, SEND_WR_ID, a.name()).post();
        out.printf("%nibv_post_send(%s): SEND of %d bytes, signaled, wr_id %d%n", a.name(), message.length, SEND_WR_ID);

        Completions sent = new Completions(a.cq(), 1, a.name());
        sent.awaitAny(POLL_TIMEOUT_NANOS);
        printCompletion(a, sent);
        sent.requireSuccess(0);
        Completions received = new Completions(b.cq(), 1, b.name());
        received.awaitAny(POLL_TIMEOUT_NANOS);
        printCompletion(b, received);
        received.requireSuccess(0);

        byte[] arrived = b.buffer().buffer().getByteArray(0, received.byteLength(0));
        if (received.opcode(0) != Completions.IBV_WC_RECV || !java.util.Arrays.equals(arrived, message)) {
            throw new VerbsException("checking the payload", "B received opcode " + received.opcode(0) + " and \""
                    + new String(arrived, StandardCharsets.US_ASCII) + "\"", "This is a bug; please report it");
        }
        out.printf("payload: \"%s\" arrived intact%n", new String(arrived, StandardCharsets.US_ASCII));
    }

    private void printCompletion(Endpoint side, Completions completions) {
        out.printf("ibv_poll_cq(%s): wr_id %d, status %s (%d), opcode %s, byte_len %d%n", side.name(),
                completions.wrId(0), QueueVerbs.ibv_wc_status_str(completions.status(0)), completions.status(0),
                opcodeName(completions.opcode(0)), completions.byteLength(0));
    }

    static String opcodeName(int opcode) {
        return switch (opcode) {
            case Completions.IBV_WC_SEND -> "SEND (0)";
            case Completions.IBV_WC_RECV -> "RECV (128)";
            default -> String.valueOf(opcode);
        };
    }
}
