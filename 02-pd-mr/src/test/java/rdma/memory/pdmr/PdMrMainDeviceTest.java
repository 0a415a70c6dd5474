package rdma.memory.pdmr;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import rdma.support.Cli;
import rdma.testsupport.ExternalCommand;
import rdma.testsupport.Prerequisite;
import rdma.testsupport.ProgramRun;
import rdma.testsupport.RequiresDevice;
import rdma.testsupport.Unprivileged;

/** The chapter's program on a real device. */
@RequiresDevice
class PdMrMainDeviceTest {
    @Test
    void theProgramPrintsKeysTheRuleAndTheCostTable() {
        ProgramRun run = ProgramRun.of(PdMrMain::run);

        run.assertSucceeded();
        assertThat(run.stdout())
                .contains("ibv_alloc_pd: protection domain ready")
                .contains("  access LOCAL_WRITE\n", "  access LOCAL_WRITE|REMOTE_WRITE|REMOTE_READ\n")
                .contains("failed: Invalid argument (errno 22). REMOTE_WRITE and REMOTE_ATOMIC need LOCAL_WRITE")
                .containsPattern("(?m)^ {5}4 KiB +\\d+ +[0-9.]+ +[0-9.]+$")
                .containsPattern("(?m)^ {4}64 MiB +(\\d+ +[0-9.]+ +[0-9.]+|skipped: above the locked-memory limit)$");
    }

    /** The size a new user tried (issue: the JVM was killed by the OOM killer), refused in one line. */
    @Test
    void aSizeThatCannotBeHeldIsOneLineNotTheOomKiller() {
        ProgramRun run = ProgramRun.of(PdMrMain::run, "-s", String.valueOf(1L << 40));

        assertThat(run.exitCode()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(run.stderr()).hasLineCount(1)
                .startsWith("02-pd-mr: registering 1099511627776 bytes: only ")
                .contains("MiB of memory are available (MemAvailable in /proc/meminfo)");
    }

    /**
     * An unprivileged user with the common small locked-memory limit (64 KiB here), as a learner
     * without root meets it: the registration is refused before it is tried, naming ulimit -l,
     * and the cost table skips what the limit cannot pin.
     */
    @Test
    void theLockedMemoryLimitOfAnUnprivilegedUserIsNamed() throws Exception {
        Prerequisite.require(Unprivileged.available(), "runs the program as nobody: only inside the lab");
        List<String> limit = List.of("prlimit", "--memlock=65536:65536");

        ExternalCommand refused = Unprivileged.run(PdMrMain.class, limit, "-s", "1048576");
        ExternalCommand small = Unprivileged.run(PdMrMain.class, limit);

        assertThat(refused.exitCode()).as(refused.stderr()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(refused.stderr()).hasLineCount(1).isEqualTo("02-pd-mr: registering 1048576 bytes: the locked-memory"
                + " limit leaves 64 KiB to pin (ulimit -l is 64 KiB). Raise it (limits.conf: '@rdma - memlock unlimited',"
                + " then log in again) or use a smaller size\n");
        assertThat(small.exitCode()).as(small.stderr()).isZero();
        assertThat(small.stdout()).contains("locked-memory limit: 64 KiB (ulimit -l)")
                .containsPattern("(?m)^ {4}64 KiB +\\d+ +[0-9.]+ +[0-9.]+$")
                .containsPattern("(?m)^ {5}1 MiB  skipped: above the locked-memory limit$");
    }
}
