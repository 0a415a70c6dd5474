package rdma.write;

/**
 * How the target learns that the data is there: an RDMA WRITE tells it nothing, since its CPU
 * takes no part. Each way fits a different program.
 */
public enum Notify {
    /**
     * The target watches memory: the last byte of a message, or a flag written after the data.
     * What ib_write_lat does: no receive, no completion, the lowest latency, and a core spinning.
     */
    poll("polls the last byte"),
    /**
     * RDMA WRITE WITH IMMEDIATE: the data goes to memory as a WRITE's does, and 32 bits of
     * immediate data consume a receive the target posted, which completes with
     * IBV_WC_RECV_RDMA_WITH_IMM. One completion per notification, no extra message.
     */
    imm("RDMA WRITE WITH IMMEDIATE"),
    /**
     * A SEND after the WRITEs: RC executes a QP's requests in order, so when the SEND's receive
     * completes at the target, every earlier WRITE's data is in its memory.
     */
    send("a SEND after the WRITEs");

    private final String description;

    Notify(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }

    /** Whether the target must post receives for it. */
    public boolean needsReceives() {
        return this != poll;
    }
}
