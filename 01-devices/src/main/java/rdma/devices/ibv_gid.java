package rdma.devices;

import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;

/**
 * {@code union ibv_gid}: a 128-bit Global Identifier. The C union also views the bytes as
 * {@code global.subnet_prefix} and {@code global.interface_id}; the raw bytes are all we need.
 */
@FieldOrder({"raw"})
public class ibv_gid extends Structure {
    public byte[] raw = new byte[16];
}
