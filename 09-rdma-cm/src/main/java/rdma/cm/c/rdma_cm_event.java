package rdma.cm.c;

import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;
import com.sun.jna.Union;

/**
 * {@code struct rdma_cm_event}: what {@code rdma_get_cm_event} returns, until
 * {@code rdma_ack_cm_event} gives it back. {@code id} is the identifier it is about: for a
 * connection request a new one, made for the connection, while {@code listen_id} is the listener.
 */
@FieldOrder({"id", "listen_id", "event", "status", "param"})
public class rdma_cm_event extends Structure {
    public Pointer id;
    public Pointer listen_id;
    public int event;
    public int status;
    public param_union param;

    /** C's {@code union { struct rdma_conn_param conn; struct rdma_ud_param ud; } param}. */
    @FieldOrder({"conn", "ud"})
    public static class param_union extends Union {
        public rdma_conn_param conn;
        public rdma_ud_param ud;
    }
}
