package rdma.events;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;
import rdma.devices.DeviceContext;
import rdma.devices.DeviceList;
import rdma.devices.Port;
import rdma.devices.c.Mtu;
import rdma.queues.Completions;
import rdma.queues.Endpoint;
import rdma.queues.EndpointSpec;
import rdma.queues.c.SendFlag;
import rdma.queues.c.WrOpcode;
import rdma.queues.requests.ReceiveRequest;
import rdma.queues.requests.SendRequest;

/**
 * Two RC QPs on one device, connected to each other: a sender, and a receiver whose CQ reports
 * to a completion channel. The smallest setting in which events can be watched one by one.
 */
final class LoopbackPair implements AutoCloseable {
    static {
        Native.register(LoopbackPair.class, Platform.C_LIBRARY_NAME);
    }

    /** {@code poll(2)}, to look whether an event is there without taking it (the waiter itself never polls the fd). */
    private static native int poll(Pointer fds, long nfds, int timeout);

    /** {@code POLLIN} of {@code poll.h} (chapter 09's layout test proves it). */
    private static final short POLLIN = 0x001;

    private final DeviceList devices;
    final DeviceContext context;
    final CompletionChannel channel;
    final Endpoint sender;
    final Endpoint receiver;
    private final Completions senderCompletions;
    private final Memory pollFd = new Memory(8);
    private final Memory eventOut = new Memory(2L * Native.POINTER_SIZE);

    LoopbackPair() {
        devices = DeviceList.open();
        context = DeviceContext.open(devices.first());
        channel = CompletionChannel.create(context);
        Port port = context.port(1);
        sender = Endpoint.create(port, null, EndpointSpec.of(64));
        EndpointSpec spec = EndpointSpec.of(64);
        receiver = Endpoint.create(port, null, spec, ignored -> channel.createCq(spec.cqEntries()));
        Mtu mtu = port.requirePathMtu(Mtu.ofBytes(1024).orElseThrow());
        sender.init();
        receiver.init();
        receiver.connect(sender.address(), mtu, 0);
        sender.connect(receiver.address(), mtu, 0);
        senderCompletions = new Completions(sender.cq(), 1, "sender");
        pollFd.clear();
        pollFd.setInt(0, channel.fd());
        pollFd.setShort(4, POLLIN); // struct pollfd: int fd, short events, short revents
    }

    void postReceive() {
        new ReceiveRequest(receiver.qp(), 1, "receiver").wrId(7).sge(0, receiver.buffer(), 0, 64).post();
    }

    /** A SEND of 8 bytes with {@code flags}, waited for until the receiver's device has acknowledged it. */
    void send(int flags) throws InterruptedException {
        new SendRequest(sender.qp(), 1, "sender").opcode(WrOpcode.IBV_WR_SEND).sge(0, sender.buffer(), 0, 8)
                .sendFlags(SendFlag.IBV_SEND_SIGNALED.value() | flags).post();
        if (senderCompletions.awaitAny(5_000_000_000L) != 1) {
            throw new AssertionError("the send did not complete");
        }
        senderCompletions.requireSuccess(0);
        Thread.sleep(100); // and the receiver's completion is surely in its CQ
    }

    /** {@code ibv_req_notify_cq} on the receiver's CQ. */
    void arm(boolean solicitedOnly) {
        int rc = NotifyVerbs.of(context).ibv_req_notify_cq(receiver.cq().pointer(), solicitedOnly ? 1 : 0);
        if (rc != 0) {
            throw new AssertionError("ibv_req_notify_cq: " + rc);
        }
    }

    /** Whether the channel's fd becomes readable (an event is there) within {@code millis}. */
    boolean eventWithin(int millis) {
        return poll(pollFd, 1, millis) == 1;
    }

    /** {@code ibv_get_cq_event}: takes the event, which must be for the receiver's CQ. */
    void takeEvent() {
        if (takeAnyEvent() != Pointer.nativeValue(receiver.cq().pointer())) {
            throw new AssertionError("an event for another CQ");
        }
    }

    /** {@code ibv_get_cq_event}: takes the next event, of whichever CQ; the address of that CQ. */
    long takeAnyEvent() {
        if (EventVerbs.ibv_get_cq_event(channel.pointer(), eventOut, eventOut.share(Native.POINTER_SIZE)) != 0) {
            throw new AssertionError("ibv_get_cq_event: errno " + Native.getLastError());
        }
        return eventOut.getLong(0);
    }

    void acknowledge(int events) {
        EventVerbs.ibv_ack_cq_events(receiver.cq().pointer(), events);
    }

    /** The receiver's completions, taken now without waiting. */
    int pollReceiver() {
        return new Completions(receiver.cq(), 4, "receiver").poll();
    }

    @Override
    public void close() {
        receiver.close();
        sender.close();
        channel.close();
        context.close();
        devices.close();
    }
}
