package rdma.read.perf;

/**
 * The access errors the chapter shows on request. In the first three the target's device
 * refuses the READ and the initiator's completion says IBV_WC_REM_ACCESS_ERR; in the last the
 * initiator's own device cannot write the response into its buffer: IBV_WC_LOC_PROT_ERR.
 */
enum Failure {
    /** The target registers its buffer without IBV_ACCESS_REMOTE_READ (its QP still allows it). */
    no_remote_read,
    /** The initiator reads with a key the target never handed out. */
    wrong_rkey,
    /** The initiator reads from inside the target's buffer to beyond the end of its memory region. */
    past_end,
    /** The initiator registers its own buffer without IBV_ACCESS_LOCAL_WRITE, which a READ's response needs. */
    no_local_write;

    /** Whether the target's device is the one that refuses. */
    boolean refusedByTarget() {
        return this != no_local_write;
    }
}
