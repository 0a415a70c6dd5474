package rdma.write;

/**
 * The access errors the chapter shows on request: in each, the target's device refuses the
 * WRITE and the initiator's completion says so with IBV_WC_REM_ACCESS_ERR.
 */
public enum Failure {
    /** The target registers its buffer without IBV_ACCESS_REMOTE_WRITE (its QP still allows it). */
    no_remote_write,
    /** The initiator writes with a key the target never handed out. */
    wrong_rkey,
    /** The initiator writes from inside the target's buffer to beyond the end of its memory region. */
    past_end;
}
