package rdma.devices;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import rdma.support.Errno;
import rdma.support.VerbsException;

/** Every failure this chapter can meet is one line that names the cause and the fix. */
class ErrorMessagesTest {
    @Test
    void aKernelWithoutRdmaSaysHowToGetADevice() {
        VerbsException error = VerbsException.ofErrno("ibv_get_device_list", Errno.ENOSYS,
                DeviceList.hintForListFailure(Errno.ENOSYS));
        assertThat(error.getMessage())
                .startsWith("ibv_get_device_list failed: Function not implemented (errno 38). The kernel has no RDMA support")
                .contains("modprobe rdma_rxe", "rdma link add rxe0 type rxe netdev", "lab/run")
                .doesNotContain("\n");
        assertThat(error.errno()).isEqualTo(38);
        assertThat(error.verb()).isEqualTo("ibv_get_device_list");
    }

    @Test
    void permissionDeniedOnTheUverbsDeviceNamesTheGroup() {
        VerbsException error = VerbsException.ofErrno("ibv_open_device(mlx5_0)", Errno.EACCES,
                DeviceContext.hintForOpenFailure(Errno.EACCES, Path.of("/dev/infiniband/uverbs0")));
        assertThat(error.getMessage())
                .isEqualTo("ibv_open_device(mlx5_0) failed: Permission denied (errno 13). No permission on"
                        + " /dev/infiniband/uverbs*: add your user to the group that owns them (ls -l"
                        + " /dev/infiniband, often 'rdma') and log in again, or run in the lab");
    }

    @Test
    void aMissingLibibverbsNamesThePackagePerDistribution() {
        assertThatThrownBy(() -> Libibverbs.load("ibverbs-that-does-not-exist"))
                .isInstanceOf(VerbsException.class)
                .hasMessage("loading libibverbs: libibverbs.so.1 is not installed. " + Libibverbs.INSTALL_HINT)
                .hasMessageContaining("apt-get install libibverbs1 ibverbs-providers")
                .hasMessageContaining("dnf install libibverbs");
    }

    @Test
    void anUnknownDeviceListsTheOnesThatExist() {
        List<Device> devices = List.of(new Device(null, "rxe0", 1, 0, "", "uverbs0"), new Device(null, "rxe1", 2, 0, "", "uverbs1"));
        assertThat(DeviceList.unknownDevice("mlx5_0", devices).getMessage())
                .isEqualTo("-d/--ib-dev mlx5_0: IB device 'mlx5_0' wasn't found. Devices here: rxe0, rxe1;"
                        + " pass one of them with -d/--ib-dev");
    }

    @Test
    void anUnknownDeviceWithNoDevicesAtAllSaysHowToGetOne() {
        assertThat(DeviceList.unknownDevice("rxe0", List.of()).getMessage())
                .startsWith("-d/--ib-dev rxe0: IB device 'rxe0' wasn't found and there are no RDMA devices at all.")
                .contains("rdma link add");
    }

    @Test
    void aPortOutOfRangeSaysWhichPortsExist() {
        assertThat(DeviceContext.portOutOfRange("rxe0", 2, 1).getMessage())
                .isEqualTo("-i/--ib-port 2: port 2 is out of range: rxe0 has 1 port. Pass -i/--ib-port between 1 and 1");
        assertThat(DeviceContext.portOutOfRange("mlx4_0", 3, 2).getMessage())
                .isEqualTo("-i/--ib-port 3: port 3 is out of range: mlx4_0 has 2 ports. Pass -i/--ib-port between 1 and 2");
    }

    @Test
    void aVerbThatReturnsTheErrnoItselfIsReported() {
        assertThatThrownBy(() -> VerbsException.check(22, "ibv_query_port(rxe0, 9)", "Check the port number"))
                .isInstanceOf(VerbsException.class)
                .hasMessage("ibv_query_port(rxe0, 9) failed: Invalid argument (errno 22). Check the port number");
    }
}
