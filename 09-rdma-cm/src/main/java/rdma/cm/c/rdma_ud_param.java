package rdma.cm.c;

import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;
import rdma.queues.c.ibv_ah_attr;

/** {@code struct rdma_ud_param}: the event's parameters for unreliable datagram identifiers (not used here). */
@FieldOrder({"private_data", "private_data_len", "ah_attr", "qp_num", "qkey"})
public class rdma_ud_param extends Structure {
    public Pointer private_data;
    public byte private_data_len;
    public ibv_ah_attr ah_attr;
    public int qp_num;
    public int qkey;
}
