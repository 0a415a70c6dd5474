package rdma.atomics;

/**
 * The errors the chapter shows on request. The target's device refuses the first two, and the
 * initiator's completion says IBV_WC_REM_ACCESS_ERR (the key does not allow it); the third never
 * leaves the initiator: an atomic's word must be 8-byte aligned.
 */
public enum Failure {
    /** The target registers its buffer without IBV_ACCESS_REMOTE_ATOMIC (its QP still allows atomics). */
    no_remote_atomic,
    /** The initiator names the word with a key the target never handed out. */
    wrong_rkey,
    /** The initiator names a word 4 bytes into the target's buffer: not a multiple of 8. */
    misaligned
}
