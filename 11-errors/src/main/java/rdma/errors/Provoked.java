package rdma.errors;

/**
 * The errors the lesson provokes, one case each, in the order it runs them
 * ({@code --case rem-access}, ...). Every case also shows {@code IBV_WC_WR_FLUSH_ERR}: the
 * requests queued behind the first error, and the receives of a QP that failed.
 */
public enum Provoked {
    /** An RDMA WRITE with an rkey the responder never granted: IBV_WC_REM_ACCESS_ERR. */
    rem_access,
    /** A SEND larger than the receive posted for it: an error on both sides (which statuses: see the lesson). */
    len,
    /** A SEND with no receive posted, rnr_retry 0 and then 7: IBV_WC_RNR_RETRY_EXC_ERR, then a wait. */
    rnr,
    /** A SEND to a peer whose QP went back to RESET: IBV_WC_RETRY_EXC_ERR, and how long it took. */
    retry,
    /** More completions than the requester's CQ holds: the asynchronous event IBV_EVENT_CQ_ERR. */
    cq_overrun
}
