package rdma.queues.c;

import java.util.Optional;
import rdma.support.CEnum;

/**
 * {@code enum ibv_wc_status}: how a work request ended. Programs print the text of
 * {@code ibv_wc_status_str}; each status here also carries what it usually means and what to do.
 */
public enum WcStatus implements CEnum {
    IBV_WC_SUCCESS(0, "The work request completed"),
    IBV_WC_LOC_LEN_ERR(1, "A local length error: a message arrived that is larger than the posted receive"
            + " buffer, or a gather list is longer than the QP allows; post larger receives or send less"),
    IBV_WC_LOC_QP_OP_ERR(2, "The work request does not fit this QP: an opcode or flag its type does not"
            + " support, or inline data above its max_inline_data"),
    IBV_WC_LOC_EEC_OP_ERR(3, "An end-to-end context error, which only reliable-datagram QPs can have"),
    IBV_WC_LOC_PROT_ERR(4, "A local protection error: a scatter/gather entry names memory outside its MR,"
            + " an lkey of another protection domain, or (for receives and RDMA READ) an MR without LOCAL_WRITE"),
    IBV_WC_WR_FLUSH_ERR(5, "Flushed: the QP had already failed or was moved to the error state, so this"
            + " request was returned unexecuted; the first failed completion says why"),
    IBV_WC_MW_BIND_ERR(6, "A memory window could not be bound: check the MR's access flags and the window's range"),
    IBV_WC_BAD_RESP_ERR(7, "The peer answered with a response this side did not expect (a transport protocol error)"),
    IBV_WC_LOC_ACCESS_ERR(8, "Incoming data was refused by this side's own memory region: its access flags"
            + " or range do not allow the write"),
    IBV_WC_REM_INV_REQ_ERR(9, "The peer found the request invalid: a SEND longer than its posted receive,"
            + " or an RDMA operation its QP was not given access for at INIT (qp_access_flags)"),
    IBV_WC_REM_ACCESS_ERR(10, "The peer refused the access: the rkey, the address range or the remote MR's"
            + " access flags (REMOTE_WRITE, REMOTE_READ, REMOTE_ATOMIC) do not allow it"),
    IBV_WC_REM_OP_ERR(11, "The peer could not carry out the operation on its side"),
    IBV_WC_RETRY_EXC_ERR(12, "No acknowledgement came back (transport retry counter exceeded): the peer is"
            + " gone, or its address (GID, QP number) is wrong"),
    IBV_WC_RNR_RETRY_EXC_ERR(13, "The peer had no receive posted (Receiver Not Ready) and rnr_retry ran out:"
            + " post receives before the peer sends, or raise rnr_retry (7 retries forever)"),
    IBV_WC_LOC_RDD_VIOL_ERR(14, "A reliable-datagram domain violation (RD QPs only)"),
    IBV_WC_REM_INV_RD_REQ_ERR(15, "The peer found a reliable-datagram request invalid (RD QPs only)"),
    IBV_WC_REM_ABORT_ERR(16, "The peer aborted the operation"),
    IBV_WC_INV_EECN_ERR(17, "An invalid end-to-end context number (RD QPs only)"),
    IBV_WC_INV_EEC_STATE_ERR(18, "An end-to-end context in the wrong state (RD QPs only)"),
    IBV_WC_FATAL_ERR(19, "The device or its driver failed: see the kernel log (dmesg)"),
    IBV_WC_RESP_TIMEOUT_ERR(20, "The peer's response did not arrive in time"),
    IBV_WC_GENERAL_ERR(21, "The provider reported an error it has no status for: see the kernel log (dmesg)"),
    IBV_WC_TM_ERR(22, "A tag-matching operation failed"),
    IBV_WC_TM_RNDV_INCOMPLETE(23, "A tag-matching rendezvous did not complete");

    private final int value;
    private final String hint;

    WcStatus(int value, String hint) {
        this.value = value;
        this.hint = hint;
    }

    @Override
    public int value() {
        return value;
    }

    /** What the status usually means, and what to do about it. */
    public String hint() {
        return hint;
    }

    public static Optional<WcStatus> of(int value) {
        return CEnum.of(WcStatus.class, value);
    }

    /** The hint for a status value, also for one this enum does not know. */
    public static String hintFor(int value) {
        return of(value).map(WcStatus::hint).orElse("A status these chapters do not know: see man ibv_poll_cq");
    }
}
