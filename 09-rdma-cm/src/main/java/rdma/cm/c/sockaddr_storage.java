package rdma.cm.c;

import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;

/**
 * {@code struct sockaddr_storage}: room for any socket address, the family first. The
 * identifier's route keeps its two addresses in unions of this size. The member names after
 * the family are glibc's.
 */
@FieldOrder({"ss_family", "__ss_padding", "__ss_align"})
public class sockaddr_storage extends Structure {
    public short ss_family;
    public byte[] __ss_padding = new byte[118];
    public long __ss_align;
}
