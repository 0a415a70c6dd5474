package rdma.cm.c;

import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;

/**
 * {@code struct rdma_addr}: the identifier's source and destination socket addresses (each a
 * union of {@code sockaddr}, {@code sockaddr_in}, {@code sockaddr_in6} and
 * {@code sockaddr_storage}, here by its largest member) and the GIDs they resolved to.
 */
@FieldOrder({"src_storage", "dst_storage", "addr"})
public class rdma_addr extends Structure {
    public sockaddr_storage src_storage;
    public sockaddr_storage dst_storage;
    /** C's {@code union { struct rdma_ib_addr ibaddr; } addr}: one member, so its layout. */
    public rdma_ib_addr addr;
}
