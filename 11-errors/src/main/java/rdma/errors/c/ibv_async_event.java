package rdma.errors.c;

import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;
import com.sun.jna.Union;

/**
 * {@code struct ibv_async_event}: what {@code ibv_get_async_event} fills, until
 * {@code ibv_ack_async_event} gives it back. {@code event_type} says which member of
 * {@code element} is valid ({@link EventType#element()}): the CQ, QP, SRQ or WQ the event is
 * about, or the port's number.
 */
@FieldOrder({"element", "event_type"})
public class ibv_async_event extends Structure {
    public element_union element;
    public int event_type;

    /** C's {@code union { struct ibv_cq *cq; struct ibv_qp *qp; struct ibv_srq *srq; struct ibv_wq *wq; int port_num; } element}. */
    @FieldOrder({"cq", "qp", "srq", "wq", "port_num"})
    public static class element_union extends Union {
        public Pointer cq;
        public Pointer qp;
        public Pointer srq;
        public Pointer wq;
        public int port_num;
    }
}
