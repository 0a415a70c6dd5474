package rdma.cm;

import com.sun.jna.Memory;
import rdma.cm.c.rdma_conn_param;

/**
 * What a side puts in {@code struct rdma_conn_param} when it connects or accepts.
 *
 * @param responderResources RDMA READs this side serves at once for the peer: its QP's {@code max_dest_rd_atomic}
 * @param initiatorDepth     RDMA READs this side has in flight at once: its QP's {@code max_rd_atomic}
 * @param retryCount         times a send is retried when no acknowledgement comes (7 at most)
 * @param rnrRetryCount      times it is retried when the peer has no receive posted (7: for ever)
 * @param privateData        bytes that ride along with the request or the reply; empty for none
 */
public record ConnParam(int responderResources, int initiatorDepth, int retryCount, int rnrRetryCount, byte[] privateData) {

    /** As the peer asked, within what the device allows: what {@code rdma_accept} does with no parameters. */
    public static ConnParam asRequested(byte[] privateData) {
        return new ConnParam(CmVerbs.RDMA_MAX_RESP_RES, CmVerbs.RDMA_MAX_INIT_DEPTH, 7, 7, privateData);
    }

    /** The C structure. Its private data is a {@code Memory} its field refers to, alive as long as the structure. */
    rdma_conn_param toNative() {
        rdma_conn_param param = new rdma_conn_param();
        param.responder_resources = (byte) responderResources;
        param.initiator_depth = (byte) initiatorDepth;
        param.retry_count = (byte) retryCount;
        param.rnr_retry_count = (byte) rnrRetryCount;
        if (privateData.length > 0) {
            Memory data = new Memory(privateData.length);
            data.write(0, privateData, 0, privateData.length);
            param.private_data = data;
            param.private_data_len = (byte) privateData.length;
        }
        return param;
    }
}
