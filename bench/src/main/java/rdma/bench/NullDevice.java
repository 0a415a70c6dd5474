package rdma.bench;

import rdma.devices.Device;
import rdma.devices.DeviceContext;
import rdma.devices.DeviceList;
import rdma.devices.c.Mtu;
import rdma.queues.Endpoint;
import rdma.queues.EndpointSpec;
import rdma.support.ResourceStack;
import rdma.support.VerbsException;

/**
 * An {@link Endpoint} on the null device (appendix-ffm/src/test/c/nulldev.c), connected to itself, built
 * by the chapters' own code from a chapter's own {@link EndpointSpec}, exactly as its program
 * builds one on a NIC: the null device stands in for libibverbs when the JVM's
 * {@code jna.library.path} leads to it (bench/nulldevice.sh sets it). A message sent on the QP
 * arrives on the same QP, so one thread runs one side of a pingpong (each message one send and
 * one receive completion, and the receives refilled behind them), and a WRITE lands in the QP's
 * own buffer, where a peer's would.
 */
final class NullDevice implements AutoCloseable {
    static final String NAME = "null0";
    /** rc_pingpong's default receive depth. */
    static final int RX_DEPTH = 500;

    /** The list, the context and the endpoint: closed in the reverse order, on every path. */
    private final ResourceStack resources = new ResourceStack();
    private final Endpoint endpoint;

    private NullDevice(EndpointSpec spec) {
        try {
            DeviceList list = resources.push(DeviceList.open());
            DeviceContext context = resources.push(DeviceContext.open(nullDevice(list)));
            endpoint = resources.push(Endpoint.create(context.port(1), null, spec));
            endpoint.init();
            endpoint.connect(endpoint.address(), Mtu.IBV_MTU_4096, 0);
        } catch (RuntimeException failure) {
            throw resources.closeAfter(failure);
        }
    }

    private static Device nullDevice(DeviceList list) {
        try {
            return list.find(NAME);
        } catch (VerbsException notThere) {
            throw new IllegalStateException("the libibverbs this JVM loaded is not the null device: start it with"
                    + " -Djna.library.path=bench/target/nulldev (bench/nulldevice.sh does)", notThere);
        }
    }

    /** A looped-back endpoint as {@code spec} says: a chapter's own spec, as its program makes it. */
    static NullDevice open(EndpointSpec spec) {
        return new NullDevice(spec);
    }

    Endpoint endpoint() {
        return endpoint;
    }

    @Override
    public void close() {
        resources.close();
    }
}
