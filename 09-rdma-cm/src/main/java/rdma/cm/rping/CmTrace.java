package rdma.cm.rping;

import java.io.PrintStream;
import java.net.InetSocketAddress;
import rdma.cm.CmEvent;
import rdma.cm.SocketAddresses;
import rdma.queues.QueuePair;
import rdma.queues.c.QpState;

/**
 * What {@code -d} and the demo print: each connection manager event as it arrives and each call
 * that changes the connection, with the state of the QP after it (queried from the device), so
 * that the CM's walk of the QP through INIT, RTR and RTS shows. Prints nothing when off.
 */
final class CmTrace {
    static final CmTrace OFF = new CmTrace(null);

    private final PrintStream out;

    CmTrace(PrintStream out) {
        this.out = out;
    }

    /** An event, and the QP's state after it; {@code qp} null: none is made yet. */
    void event(CmEvent event, QueuePair qp) {
        if (out != null) {
            out.printf("cma_event %s, status %d: %s%n", event.name(), event.status(), state(qp));
        }
    }

    /** A call this side made, and the QP's state after it. */
    void call(String call, QueuePair qp) {
        if (out != null) {
            out.printf("%s: %s%n", call, state(qp));
        }
    }

    /** Anything else worth a line. */
    void note(String format, Object... args) {
        if (out != null) {
            out.printf(format + "%n", args);
        }
    }

    static String address(InetSocketAddress address) {
        return address == null ? "none" : SocketAddresses.text(address);
    }

    private static String state(QueuePair qp) {
        return qp == null ? "no QP yet" : String.format("QP 0x%x is %s", qp.qpNum(), QpState.name(qp.queryState()));
    }
}
