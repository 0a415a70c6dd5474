package rdma.cm;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import rdma.cm.c.sockaddr_in;
import rdma.cm.c.sockaddr_in6;
import rdma.support.Layout;

/**
 * Java socket addresses to and from C's {@code struct sockaddr_in} and {@code sockaddr_in6}, the
 * form every connection manager call takes an address in: the family in the host's byte order,
 * the port and the address in network byte order (big-endian).
 */
public final class SocketAddresses {
    private static final Layout IN = Layout.of(sockaddr_in.class);
    private static final Layout IN6 = Layout.of(sockaddr_in6.class);

    private SocketAddresses() {
    }

    /** {@code address} as a {@code struct sockaddr_in} or {@code sockaddr_in6} in native memory. */
    public static Memory toNative(InetSocketAddress address) {
        InetAddress ip = address.getAddress();
        boolean v4 = ip instanceof Inet4Address;
        Memory sockaddr = new Memory(v4 ? IN.size() : IN6.size());
        sockaddr.clear();
        sockaddr.setShort(v4 ? IN.offsetOf("sin_family") : IN6.offsetOf("sin6_family"), v4 ? CmVerbs.AF_INET : CmVerbs.AF_INET6);
        sockaddr.setShort(v4 ? IN.offsetOf("sin_port") : IN6.offsetOf("sin6_port"), Short.reverseBytes((short) address.getPort()));
        sockaddr.write(v4 ? IN.offsetOf("sin_addr") : IN6.offsetOf("sin6_addr"), ip.getAddress(), 0, ip.getAddress().length);
        if (ip instanceof Inet6Address v6) {
            sockaddr.setInt(IN6.offsetOf("sin6_scope_id"), v6.getScopeId());
        }
        return sockaddr;
    }

    /** The address at {@code sockaddr} (an IPv4 or IPv6 {@code struct sockaddr}); null for any other family. */
    public static InetSocketAddress fromNative(Pointer sockaddr) {
        short family = sockaddr.getShort(0);
        byte[] ip = family == CmVerbs.AF_INET ? sockaddr.getByteArray(IN.offsetOf("sin_addr"), 4)
                : family == CmVerbs.AF_INET6 ? sockaddr.getByteArray(IN6.offsetOf("sin6_addr"), 16) : null;
        if (ip == null) {
            return null;
        }
        int port = Short.toUnsignedInt(Short.reverseBytes(sockaddr.getShort(family == CmVerbs.AF_INET
                ? IN.offsetOf("sin_port") : IN6.offsetOf("sin6_port"))));
        try {
            return new InetSocketAddress(InetAddress.getByAddress(ip), port);
        } catch (UnknownHostException impossible) { // only for an address of a wrong length
            throw new IllegalStateException(impossible);
        }
    }

    /** "192.0.2.1:7174", without the host name Java might add. */
    public static String text(InetSocketAddress address) {
        String ip = address.getAddress().getHostAddress();
        return (address.getAddress() instanceof Inet6Address ? "[" + ip + "]" : ip) + ":" + address.getPort();
    }
}
