package rdma.cm.c;

import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;

/**
 * {@code struct rdma_conn_param}: what {@code rdma_connect} asks for and {@code rdma_accept}
 * grants. {@code responder_resources} and {@code initiator_depth} become the QP's
 * {@code max_dest_rd_atomic} and {@code max_rd_atomic} (chapter 06's READs in flight);
 * {@code retry_count} and {@code rnr_retry_count} its retries (chapter 04 set them by hand);
 * {@code private_data} rides along with the request, the reply or the rejection.
 */
@FieldOrder({"private_data", "private_data_len", "responder_resources", "initiator_depth", "flow_control", "retry_count",
        "rnr_retry_count", "srq", "qp_num"})
public class rdma_conn_param extends Structure {
    public Pointer private_data;
    public byte private_data_len;
    public byte responder_resources;
    public byte initiator_depth;
    public byte flow_control;
    public byte retry_count;
    public byte rnr_retry_count;
    public byte srq;
    public int qp_num;
}
