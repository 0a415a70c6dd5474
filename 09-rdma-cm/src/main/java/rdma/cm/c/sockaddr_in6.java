package rdma.cm.c;

import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;

/** {@code struct sockaddr_in6}: an IPv6 address and port, in network byte order. */
@FieldOrder({"sin6_family", "sin6_port", "sin6_flowinfo", "sin6_addr", "sin6_scope_id"})
public class sockaddr_in6 extends Structure {
    public short sin6_family;
    public short sin6_port;
    public int sin6_flowinfo;
    public byte[] sin6_addr = new byte[16];
    public int sin6_scope_id;
}
