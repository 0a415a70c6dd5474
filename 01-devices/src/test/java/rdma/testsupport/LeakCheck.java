package rdma.testsupport;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Every device test ({@link RequiresDevice}) ends with this process holding exactly the RDMA
 * resources it held before the test ({@link Resources}: QPs, CQs, MRs, PDs, contexts, SRQs,
 * cm_ids, and the file descriptors of contexts and channels). Resources that another thread of
 * the test (a demo's server, say) is still releasing get a few seconds.
 */
public final class LeakCheck implements BeforeEachCallback, AfterEachCallback {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(LeakCheck.class);
    private static final long PATIENCE_NANOS = TimeUnit.SECONDS.toNanos(10);

    @Override
    public void beforeEach(ExtensionContext context) {
        if (DeviceCondition.absenceReason().isEmpty()) {
            context.getStore(NAMESPACE).put(context.getUniqueId(), Resources.ofThisProcess());
        }
    }

    @Override
    public void afterEach(ExtensionContext context) throws InterruptedException {
        Resources before = context.getStore(NAMESPACE).remove(context.getUniqueId(), Resources.class);
        if (before == null) {
            return;
        }
        long deadline = System.nanoTime() + PATIENCE_NANOS;
        Resources after = Resources.ofThisProcess();
        while (!after.equals(before) && System.nanoTime() < deadline) {
            Thread.sleep(100);
            after = Resources.ofThisProcess();
        }
        if (!after.equals(before)) {
            throw new AssertionError("the test left RDMA resources behind (rdma resource show, /proc/self/fd): before "
                    + before.counts() + ", after " + after.counts());
        }
    }
}
