package rdma.devices.devinfo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import rdma.support.Cli;
import rdma.testsupport.ProgramRun;

/**
 * What a learner sees on a machine whose kernel has no RDMA at all (most laptops, containers and
 * CI machines): libibverbs cannot read the uverbs ABI version from sysfs and reports ENOSYS.
 */
class NoRdmaKernelTest {
    @Test
    void theProgramSaysHowToGetADeviceInOneLine() {
        assumeTrue(!Files.isReadable(Path.of("/sys/class/infiniband_verbs/abi_version")),
                "this kernel has RDMA support; DevicesDeviceTest covers it");

        ProgramRun run = ProgramRun.of(DevicesMain::run);

        assertThat(run.exitCode()).isEqualTo(Cli.VERBS_ERROR);
        assertThat(run.stdout()).isEmpty();
        assertThat(run.stderr())
                .startsWith("01-devices: ibv_get_device_list failed: Function not implemented (errno 38).")
                .contains("lab/run")
                .hasLineCount(1);
    }
}
