package rdma.atomics;

import rdma.queues.c.WrOpcode;

/**
 * The two atomic operations of the verbs, by perftest's names for them ({@code -A}). Each reads an
 * 8-byte word of the target's memory, changes it, and returns the word's original value into the
 * initiator's buffer, as one indivisible step of the target's device.
 */
public enum AtomicType {
    /** If the word equals {@code compare_add}, it becomes {@code swap}; either way the original comes back. */
    CMP_AND_SWAP(WrOpcode.IBV_WR_ATOMIC_CMP_AND_SWP),
    /** The word becomes itself plus {@code compare_add}; the original comes back. */
    FETCH_AND_ADD(WrOpcode.IBV_WR_ATOMIC_FETCH_AND_ADD);

    private final WrOpcode opcode;

    AtomicType(WrOpcode opcode) {
        this.opcode = opcode;
    }

    public WrOpcode opcode() {
        return opcode;
    }
}
