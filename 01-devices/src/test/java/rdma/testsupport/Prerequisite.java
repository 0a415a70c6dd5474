package rdma.testsupport;

import org.junit.jupiter.api.Assumptions;

/**
 * What a device test needs besides a device: root, the lab's unprivileged user, a port whose MTU
 * can still grow. Where it is missing the test is skipped with the reason, unless the run demands
 * everything ({@code -Drdma.required=true}, as the lab and CI run): then it fails, as a missing
 * device does, so that a run in which a test did not really run cannot pass.
 */
public final class Prerequisite {
    private Prerequisite() {
    }

    /** Skips (or, where required, fails) the calling test unless {@code present}; {@code reason} says what is missing. */
    public static void require(boolean present, String reason) {
        if (present) {
            return;
        }
        if (Boolean.getBoolean(DeviceCondition.REQUIRED_PROPERTY)) {
            throw new AssertionError(reason + ", and " + DeviceCondition.REQUIRED_PROPERTY + "=true requires it");
        }
        Assumptions.abort(reason);
    }
}
