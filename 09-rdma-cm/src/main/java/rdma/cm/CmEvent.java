package rdma.cm;

import com.sun.jna.Pointer;
import rdma.cm.c.CmEventType;

/**
 * One connection manager event, copied out of its {@code struct rdma_cm_event} before it was
 * acknowledged: librdmacm frees the event (and its private data) at {@code rdma_ack_cm_event}.
 *
 * @param type        {@code event}: see {@link CmEventType}
 * @param status      {@code status}: for an error event an errno, negative as the kernel reports it;
 *                    for REJECTED the reason the peer's CM gave (28, consumer defined, from {@code rdma_reject})
 * @param id          the identifier the event is about; for CONNECT_REQUEST a new one, for the connection
 * @param listenId    for CONNECT_REQUEST, the listener it arrived on
 * @param privateData {@code param.conn.private_data}, as many bytes as {@code private_data_len} says
 *                    (the whole room the CM message has for it, zero-padded: not what the peer sent)
 * @param responderResources {@code param.conn.responder_resources}: for a request, the READs the peer
 *                    would have this side serve at once
 * @param initiatorDepth {@code param.conn.initiator_depth}
 */
public record CmEvent(int type, int status, Pointer id, Pointer listenId, byte[] privateData, int responderResources,
        int initiatorDepth) {

    public boolean is(CmEventType expected) {
        return type == expected.value();
    }

    /** librdmacm's name for the event ({@code rdma_event_str}): "RDMA_CM_EVENT_ESTABLISHED". */
    public String name() {
        return CmVerbs.rdma_event_str(type);
    }
}
