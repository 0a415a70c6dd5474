package rdma.events;

/**
 * Run in a JVM of its own by {@link EventsDeviceTest}: takes one event and, unless told to
 * acknowledge it ("ack"), destroys the CQ with the event unacknowledged, which waits for ever.
 */
public final class UnackedEventProbe {
    private UnackedEventProbe() {
    }

    public static void main(String[] args) throws Exception {
        boolean acknowledge = args.length > 0 && args[0].equals("ack");
        try (LoopbackPair pair = new LoopbackPair()) {
            pair.arm(false);
            pair.postReceive();
            pair.send(0);
            if (!pair.eventWithin(5_000)) {
                throw new AssertionError("no event");
            }
            pair.takeEvent();
            if (acknowledge) {
                pair.acknowledge(1);
            }
            System.out.println("destroying the CQ");
            System.out.flush();
        }
        System.out.println("destroyed");
    }
}
