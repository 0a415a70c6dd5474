package rdma.cm.c;

import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;

/** {@code struct pollfd} from {@code poll.h}: one file descriptor, the events asked for, the events that came. */
@FieldOrder({"fd", "events", "revents"})
public class pollfd extends Structure {
    public int fd;
    public short events;
    public short revents;
}
