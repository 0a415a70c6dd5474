package rdma.cm.c;

import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;

/**
 * {@code struct sockaddr_in}: an IPv4 address and port, both in network byte order, as the
 * connection manager's calls take them and its identifiers hold them.
 */
@FieldOrder({"sin_family", "sin_port", "sin_addr", "sin_zero"})
public class sockaddr_in extends Structure {
    public short sin_family;
    public short sin_port;
    public int sin_addr;
    public byte[] sin_zero = new byte[8];
}
