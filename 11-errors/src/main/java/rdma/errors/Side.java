package rdma.errors;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import rdma.devices.Device;
import rdma.devices.DeviceContext;
import rdma.errors.c.ibv_cq;
import rdma.queues.Completions;
import rdma.queues.Endpoint;
import rdma.queues.EndpointSpec;
import rdma.queues.QueueVerbs;
import rdma.queues.c.QpState;
import rdma.queues.c.WcStatus;
import rdma.queues.requests.ReceiveRequest;
import rdma.support.Layout;
import rdma.support.ResourceStack;

/**
 * One end of the lesson's connection, on a device context of its own: the endpoint (chapter 03's
 * PD, buffer, CQ and RC QP), the watch on the context's asynchronous events, and what its work
 * requests were for, so that each completion can be printed with it. Closed in the order verbs
 * requires: the watch, the endpoint, then the context.
 */
final class Side implements AutoCloseable {
    private static final int CQE = Layout.of(ibv_cq.class).offsetOf("cqe");

    private final ResourceStack resources = new ResourceStack();
    private final String role;
    private final PrintStream out;
    private final Endpoint endpoint;
    private final Completions completions;
    private final EventWatch events;
    private final Map<Long, String> purposes = new HashMap<>();
    private long nextWrId = 1;

    Side(String role, Device device, Integer gidIndex, EndpointSpec spec, PrintStream out) {
        this.role = role;
        this.out = out;
        try {
            DeviceContext context = resources.push(DeviceContext.open(device));
            AsyncEvents asyncEvents = AsyncEvents.of(context);
            endpoint = resources.push(Endpoint.create(context.port(1), gidIndex, spec));
            events = resources.push(new EventWatch(asyncEvents, role, out));
            completions = new Completions(endpoint.cq(), spec.cqEntries(), role);
        } catch (RuntimeException failure) {
            throw resources.closeAfter(failure);
        }
    }

    Endpoint endpoint() {
        return endpoint;
    }

    EventWatch events() {
        return events;
    }

    /** A new work request id, remembered with what the request is for: its completion is printed with it. */
    long wrId(String purpose) {
        long wrId = nextWrId++;
        purposes.put(wrId, purpose);
        return wrId;
    }

    /** A receive of {@code length} bytes into the start of the buffer. */
    void postReceive(int length) {
        new ReceiveRequest(endpoint.qp(), 1, role).wrId(wrId("RECV of " + length + " bytes")).sge(0, endpoint.buffer(), 0, length)
                .post();
    }

    /**
     * How many completions the CQ really holds: {@code cqe} of its {@code struct ibv_cq}, which
     * {@code ibv_create_cq} may have made larger than asked for.
     */
    int cqRoom() {
        return endpoint.cq().pointer().getInt(CQE);
    }

    /** Polls until the CQ is empty, printing nothing: how many completions it held, and how many of them succeeded. */
    int[] drain() {
        int taken = 0;
        int succeeded = 0;
        for (int count = completions.poll(); count > 0; count = completions.poll()) {
            for (int i = 0; i < count; i++) {
                succeeded += completions.status(i) == WcStatus.IBV_WC_SUCCESS.value() ? 1 : 0;
            }
            taken += count;
        }
        return new int[] {taken, succeeded};
    }

    /** {@code ibv_query_qp}: the QP's state as the device has it now. */
    String qpState() {
        return QpState.name(endpoint.qp().queryState());
    }

    /**
     * The completions that arrive within {@code nanos}, at most {@code expected} of them, each
     * printed. Of a failed completion only {@code wr_id}, {@code status}, {@code qp_num} and
     * {@code vendor_err} are valid ({@code man ibv_poll_cq}): its opcode and byte count are not,
     * which is why the request's purpose is looked up by its id.
     */
    List<Integer> await(int expected, long nanos) {
        List<Integer> statuses = new ArrayList<>();
        long deadline = System.nanoTime() + nanos;
        while (statuses.size() < expected) {
            long left = deadline - System.nanoTime();
            int count = left > 0 ? completions.awaitAny(left) : 0;
            if (count == 0) {
                break;
            }
            for (int i = 0; i < count; i++) {
                statuses.add(completions.status(i));
                print(i);
            }
        }
        return statuses;
    }

    private void print(int index) {
        int status = completions.status(index);
        String name = WcStatus.of(status).map(WcStatus::name).orElse("status " + status);
        out.printf("%s: wr %d (%s): %s (%s), vendor_err %d%n", role, completions.wrId(index),
                purposes.getOrDefault(completions.wrId(index), "?"), name, QueueVerbs.ibv_wc_status_str(status),
                completions.vendorErr(index));
    }

    @Override
    public void close() {
        resources.close();
    }
}
