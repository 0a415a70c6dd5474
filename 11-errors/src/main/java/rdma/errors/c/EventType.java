package rdma.errors.c;

import java.util.Optional;
import rdma.support.CEnum;

/**
 * {@code enum ibv_event_type}: what an asynchronous event says happened. Each also says which
 * member of the event's {@code element} union is valid ({@link Element}) and what it usually means.
 */
public enum EventType implements CEnum {
    IBV_EVENT_CQ_ERR(0, Element.CQ, "A CQ overran: more completions came than it has room for; the QPs that report"
            + " to it stop. Size the CQ for every request that can be outstanding at once"),
    IBV_EVENT_QP_FATAL(1, Element.QP, "The QP hit an error outside any work request and went to the error state"),
    IBV_EVENT_QP_REQ_ERR(2, Element.QP, "The QP, as responder, got a request it could not make sense of (a transport"
            + " error), and went to the error state"),
    IBV_EVENT_QP_ACCESS_ERR(3, Element.QP, "The QP, as responder, was asked for an access it does not grant, and went to"
            + " the error state"),
    IBV_EVENT_COMM_EST(4, Element.QP, "The first packet arrived at a QP in RTR: communication is established"),
    IBV_EVENT_SQ_DRAINED(5, Element.QP, "The send queue of a QP moved to SQD has no request in flight any more"),
    IBV_EVENT_PATH_MIG(6, Element.QP, "The QP migrated to its alternate path"),
    IBV_EVENT_PATH_MIG_ERR(7, Element.QP, "The QP could not migrate to its alternate path"),
    IBV_EVENT_DEVICE_FATAL(8, Element.NONE, "The device failed: close everything made on it and open it again"),
    IBV_EVENT_PORT_ACTIVE(9, Element.PORT, "The port became ACTIVE: its link is up"),
    IBV_EVENT_PORT_ERR(10, Element.PORT, "The port left the ACTIVE state: its link went down"),
    IBV_EVENT_LID_CHANGE(11, Element.PORT, "The port's LID changed (InfiniBand)"),
    IBV_EVENT_PKEY_CHANGE(12, Element.PORT, "The port's partition key table changed (InfiniBand)"),
    IBV_EVENT_SM_CHANGE(13, Element.PORT, "The subnet manager of the port changed (InfiniBand)"),
    IBV_EVENT_SRQ_ERR(14, Element.SRQ, "A shared receive queue failed"),
    IBV_EVENT_SRQ_LIMIT_REACHED(15, Element.SRQ, "A shared receive queue fell below its limit: post more receives"),
    IBV_EVENT_QP_LAST_WQE_REACHED(16, Element.QP, "A QP on a shared receive queue will take no more receives from it"),
    IBV_EVENT_CLIENT_REREGISTER(17, Element.PORT, "The subnet manager asks the port's clients to register again"),
    IBV_EVENT_GID_CHANGE(18, Element.PORT, "The port's GID table changed: an address was added to or removed from its"
            + " network device"),
    IBV_EVENT_WQ_FATAL(19, Element.WQ, "A work queue failed");

    /** Which member of {@code struct ibv_async_event}'s {@code element} union the event fills. */
    public enum Element {
        CQ, QP, SRQ, WQ, PORT, NONE
    }

    private final int value;
    private final Element element;
    private final String meaning;

    EventType(int value, Element element, String meaning) {
        this.value = value;
        this.element = element;
        this.meaning = meaning;
    }

    @Override
    public int value() {
        return value;
    }

    public Element element() {
        return element;
    }

    /** What the event usually means. */
    public String meaning() {
        return meaning;
    }

    public static Optional<EventType> of(int value) {
        return CEnum.of(EventType.class, value);
    }
}
