package rdma.queues.cqqp;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import rdma.devices.Device;
import rdma.devices.DeviceContext;
import rdma.devices.DeviceList;
import rdma.devices.Gid;
import rdma.devices.c.Mtu;
import rdma.queues.Completions;
import rdma.queues.Endpoint;
import rdma.queues.EndpointSpec;
import rdma.queues.QpTransitions;
import rdma.queues.QueueVerbs;
import rdma.queues.RemoteAddress;
import rdma.queues.c.QpAttrMask;
import rdma.queues.c.QpState;
import rdma.queues.c.SendFlag;
import rdma.queues.c.WcOpcode;
import rdma.queues.c.WcStatus;
import rdma.queues.c.WrOpcode;
import rdma.queues.requests.ReceiveRequest;
import rdma.queues.requests.SendRequest;
import rdma.support.Cli;
import rdma.support.VerbsException;

/**
 * Chapter 03: two RC queue pairs in one process, walked from RESET to RTS and connected to each
 * other; one SEND from A to B, both completions polled and checked.
 */
@Command(name = "03-cq-qp", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Create a CQ and two RC QPs, walk them to RTS, and send one message from A to B.")
public final class CqQpMain extends Cli.Program {
    /** The deliberate failures the chapter can show. */
    enum Failure {
        send_before_rts, rnr
    }

    static final int BUFFER_SIZE = 4096;
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
    Failure fail; // null: no failure, the normal run


    CqQpMain(PrintStream out, PrintStream err) {
        super(out, err);
    }

    public static void main(String[] args) {
        Cli.main(CqQpMain::new, args);
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        return Cli.run(CqQpMain::new, args, out, err);
    }

    /** "send-before-rts" on the command line, {@code send_before_rts} in Java. */
    static final class FailureConverter extends Cli.OptionNames<Failure> {
        FailureConverter() {
            super(Failure.class);
        }
    }

    /** One QP of the demonstration, with the name it prints under. */
    private record Side(String name, Endpoint endpoint) {
    }

    @Override
    public Integer call() {
        EndpointSpec spec = EndpointSpec.of(BUFFER_SIZE);
        try (DeviceList list = DeviceList.open();
             DeviceContext contextA = DeviceContext.open(list.select(ibDev));
             DeviceContext contextB = DeviceContext.open(deviceB(list));
             Endpoint endpointA = Endpoint.create(contextA.port(ibPort), gidIdx, spec);
             Endpoint endpointB = Endpoint.create(contextB.port(ibPort), gidIdx, spec)) {
            Side a = new Side("QP A", endpointA);
            Side b = new Side("QP B", endpointB);
            describe(a);
            describe(b);
            out.println("ibv_create_qp: both QPs start in " + QpState.name(endpointA.qp().queryState()));
            out.println();
            connect(a, b);
            sendOneMessage(a, b);
        }
        return 0;
    }

    private Device deviceB(DeviceList list) {
        if (peerDev != null) {
            return list.find(peerDev);
        }
        return list.devices().size() > 1 && ibDev == null ? list.devices().get(1) : list.select(ibDev);
    }

    private void describe(Side side) {
        RemoteAddress address = side.endpoint().address();
        String gid = side.endpoint().gid().map(entry -> "GID[" + entry.index() + "] " + Gid.text(entry.raw())).orElse("no GID");
        out.printf("%s: %s, LID 0x%04x, %s, qpn 0x%06x, psn 0x%06x%n", side.name(), side.endpoint().port().name(),
                address.lid(), gid, address.qpn(), address.psn());
    }

    private void connect(Side a, Side b) {
        Mtu pathMtu = Mtu.of(Math.min(a.endpoint().port().attr().active_mtu, b.endpoint().port().attr().active_mtu))
                .orElse(Mtu.IBV_MTU_256);
        step(a, a.endpoint().init());
        step(b, b.endpoint().init());
        if (fail != Failure.rnr) {
            // A SEND consumes a receive posted at the peer beforehand; post it before A can send.
            new ReceiveRequest(b.endpoint().qp(), 1, b.name()).wrId(RECV_WR_ID)
                    .sge(0, b.endpoint().buffer(), 0, BUFFER_SIZE).post();
            out.printf("ibv_post_recv(%s): %d-byte buffer ready for the message, wr_id %d%n%n", b.name(), BUFFER_SIZE, RECV_WR_ID);
        }
        step(a, a.endpoint().readyToReceive(b.endpoint().address(), pathMtu, 0));
        step(b, b.endpoint().readyToReceive(a.endpoint().address(), pathMtu, 0));
        if (fail == Failure.send_before_rts) {
            out.printf("ibv_post_send(%s) while it is in RTR, on purpose:%n", a.name());
            send(a, 1).post();
        }
        step(a, a.endpoint().readyToSend(fail == Failure.rnr ? 0 : QpTransitions.RNR_RETRY_FOREVER));
        step(b, b.endpoint().readyToSend(QpTransitions.RNR_RETRY_FOREVER));
    }

    /** After each ibv_modify_qp, the state is read back from the device with ibv_query_qp. */
    private void step(Side side, QpTransitions.Transition transition) {
        out.printf("ibv_modify_qp(%s, %s) mask %s -> ibv_query_qp: %s%n", side.name(), transition.target().shortName(),
                QpAttrMask.describe(transition.mask()), QpState.name(side.endpoint().qp().queryState()));
        out.printf("    %s%n", transition.why());
    }

    /** A signaled SEND of the first {@code length} bytes of the side's buffer. */
    private static SendRequest send(Side side, int length) {
        return new SendRequest(side.endpoint().qp(), 1, side.name()).wrId(SEND_WR_ID).opcode(WrOpcode.IBV_WR_SEND)
                .sendFlags(SendFlag.IBV_SEND_SIGNALED.value()).sge(0, side.endpoint().buffer(), 0, length);
    }

    private void sendOneMessage(Side a, Side b) {
        byte[] message = ("Hello from " + a.name() + " on " + a.endpoint().context().device().name())
                .getBytes(StandardCharsets.US_ASCII);
        a.endpoint().buffer().buffer().write(0, message, 0, message.length);
        send(a, message.length).post();
        out.printf("%nibv_post_send(%s): SEND of %d bytes, signaled, wr_id %d%n", a.name(), message.length, SEND_WR_ID);

        Completions sent = awaitOne(a);
        Completions received = awaitOne(b);
        byte[] arrived = b.endpoint().buffer().buffer().getByteArray(0, received.byteLength(0));
        if (received.opcode(0) != WcOpcode.IBV_WC_RECV.value() || !Arrays.equals(arrived, message)) {
            throw new VerbsException("checking the payload", "B received opcode " + received.opcode(0) + " and \""
                    + new String(arrived, StandardCharsets.US_ASCII) + "\"", "This is a bug; please report it");
        }
        out.printf("payload: \"%s\" arrived intact%n", new String(arrived, StandardCharsets.US_ASCII));
    }

    /** Polls the side's CQ for one completion, with a deadline: a lost message is an error, not a hang. */
    private Completions awaitOne(Side side) {
        Completions completions = new Completions(side.endpoint().cq(), 1, side.name());
        if (completions.awaitAny(POLL_TIMEOUT_NANOS) == 0) {
            throw new VerbsException("ibv_poll_cq(" + side.name() + ")", "no completion within "
                    + TimeUnit.NANOSECONDS.toMillis(POLL_TIMEOUT_NANOS) + " ms", "The message or its acknowledgement"
                    + " was lost: check both QPs reached RTS with each other's QP number and GID");
        }
        if (completions.status(0) != WcStatus.IBV_WC_SUCCESS.value()) {
            // A failed completion's opcode and byte_len are undefined: only these four fields are valid.
            out.printf("ibv_poll_cq(%s): wr_id %d, status %s (%d), qp_num 0x%06x, vendor_err 0x%x%n", side.name(),
                    completions.wrId(0), QueueVerbs.ibv_wc_status_str(completions.status(0)), completions.status(0),
                    completions.qpNum(0), completions.vendorErr(0));
            throw completions.failed(0);
        }
        out.printf("ibv_poll_cq(%s): wr_id %d, status %s (%d), opcode %s, byte_len %d%n", side.name(),
                completions.wrId(0), QueueVerbs.ibv_wc_status_str(completions.status(0)), completions.status(0),
                WcOpcode.describe(completions.opcode(0)), completions.byteLength(0));
        return completions;
    }
}
