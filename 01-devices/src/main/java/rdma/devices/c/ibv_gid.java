package rdma.devices.c;

import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;
import com.sun.jna.Union;

/**
 * {@code union ibv_gid}: a 128-bit Global Identifier, as 16 raw bytes or as a subnet prefix and
 * an interface id. Only {@code raw} is used here, but {@code global} must be declared: its two
 * 64-bit members give the union 8-byte alignment, and a structure that embeds a GID
 * ({@code ibv_global_route}, {@code ibv_qp_attr}) is laid out wrongly without it.
 */
@FieldOrder({"raw", "global"})
public class ibv_gid extends Union {
    public byte[] raw = new byte[16];
    public global_struct global;

    /** {@code global}: both halves in network byte order ({@code __be64}). */
    @FieldOrder({"subnet_prefix", "interface_id"})
    public static class global_struct extends Structure {
        public long subnet_prefix;
        public long interface_id;
    }

    public ibv_gid() {
        // A JNA union writes only its active member to native memory: the raw bytes are the one we set.
        setType("raw");
    }
}
