package rdma.events.c;

import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;

/**
 * {@code struct ibv_comp_channel} from {@code verbs.h}: what {@code ibv_create_comp_channel}
 * returns. Its {@code fd} is the file descriptor that becomes readable when a CQ attached to the
 * channel has an event, which is what lets a program wait with {@code poll(2)}.
 */
@FieldOrder({"context", "fd", "refcnt"})
public class ibv_comp_channel extends Structure {
    public Pointer context;
    public int fd;
    public int refcnt;

    public ibv_comp_channel() {
    }

    public ibv_comp_channel(Pointer pointer) {
        super(pointer);
        read();
    }
}
