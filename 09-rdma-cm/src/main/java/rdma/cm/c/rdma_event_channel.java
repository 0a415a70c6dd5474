package rdma.cm.c;

import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;

/**
 * {@code struct rdma_event_channel}: a file descriptor, readable when the connection manager has
 * an event for one of the channel's identifiers.
 */
@FieldOrder({"fd"})
public class rdma_event_channel extends Structure {
    public int fd;

    public rdma_event_channel() {
    }

    public rdma_event_channel(Pointer channel) {
        super(channel);
        read();
    }
}
