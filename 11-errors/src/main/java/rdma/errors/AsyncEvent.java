package rdma.errors;

import rdma.errors.c.EventType;

/**
 * One asynchronous event, copied out of its {@code struct ibv_async_event} before the event is
 * acknowledged: the device it came from, its type, and what its {@code element} named (a port's
 * number, or the number of the QP it is about; -1 where the event names no port or QP).
 */
public record AsyncEvent(String device, int type, int port, int qpNum) {
    /** The event's name in {@code verbs.h} ("IBV_EVENT_PORT_ERR"), or its number where this chapter does not know it. */
    public String name() {
        return EventType.of(type).map(EventType::name).orElse("event " + type);
    }

    /** "rxe1: IBV_EVENT_QP_FATAL (local work queue catastrophic error), QP 0x000011". */
    @Override
    public String toString() {
        boolean aboutPort = EventType.of(type).map(known -> known.element() == EventType.Element.PORT).orElse(false);
        String about = qpNum >= 0 ? String.format(", QP 0x%06x", qpNum) : aboutPort ? ", port " + port : "";
        return device + ": " + name() + " (" + AsyncVerbs.ibv_event_type_str(type) + ")" + about;
    }
}
