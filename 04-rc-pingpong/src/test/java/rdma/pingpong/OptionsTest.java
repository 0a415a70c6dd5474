package rdma.pingpong;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.io.PrintStream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import rdma.devices.Cli;
import rdma.testsupport.ProgramRun;

/** ibv_rc_pingpong's options: same short and long names, same defaults. */
class OptionsTest {
    private static RcPingpongMain parse(String... args) {
        PrintStream nowhere = new PrintStream(OutputStream.nullOutputStream());
        RcPingpongMain main = new RcPingpongMain(nowhere, nowhere);
        new CommandLine(main).parseArgs(args);
        return main;
    }

    @Test
    void defaultsAreRcPingpongs() {
        RcPingpongMain main = parse();
        assertThat(main.port).isEqualTo(18515);
        assertThat(main.ibDev).isNull();
        assertThat(main.ibPort).isEqualTo(1);
        assertThat(main.size).isEqualTo(4096);
        assertThat(main.mtu).isEqualTo(1024);
        assertThat(main.rxDepth).isEqualTo(500);
        assertThat(main.iters).isEqualTo(1000);
        assertThat(main.sl).isZero();
        assertThat(main.gidIdx).isNull();
        assertThat(main.check).isFalse();
        assertThat(main.server).isFalse();
        assertThat(main.host).isNull();
    }

    @Test
    void shortAndLongNames() {
        RcPingpongMain main = parse("-p", "18600", "-d", "rxe1", "-i", "1", "-s", "64", "-m", "2048", "-r", "100",
                "-n", "50", "-l", "3", "-g", "1", "-c", "192.0.2.1");
        assertThat(main.port).isEqualTo(18600);
        assertThat(main.ibDev).isEqualTo("rxe1");
        assertThat(main.size).isEqualTo(64);
        assertThat(main.mtu).isEqualTo(2048);
        assertThat(main.rxDepth).isEqualTo(100);
        assertThat(main.iters).isEqualTo(50);
        assertThat(main.sl).isEqualTo(3);
        assertThat(main.gidIdx).isEqualTo(1);
        assertThat(main.check).isTrue();
        assertThat(main.host).isEqualTo("192.0.2.1");

        RcPingpongMain longNames = parse("--port=1", "--ib-dev=mlx5_0", "--ib-port=2", "--size=1", "--mtu=256",
                "--rx-depth=2", "--iters=1", "--sl=15", "--gid-idx=3", "--chk", "--server");
        assertThat(longNames.server).isTrue();
        assertThat(longNames.mtu).isEqualTo(256);
        assertThat(longNames.ibPort).isEqualTo(2);
    }

    @Test
    void aBadMtuIsOneLineAndExitCode2() {
        ProgramRun run = ProgramRun.of(RcPingpongMain::run, "-m", "1500");
        assertThat(run.exitCode()).isEqualTo(Cli.USAGE_ERROR);
        assertThat(run.stdout()).isEmpty();
        assertThat(run.stderr()).isEqualTo("04-rc-pingpong: bad MTU value 1500: use 256, 512, 1024, 2048 or 4096 (see --help)\n");
    }

    @Test
    void serverAndHostTogetherIsAUsageError() {
        ProgramRun run = ProgramRun.of(RcPingpongMain::run, "--server", "192.0.2.1");
        assertThat(run.exitCode()).isEqualTo(Cli.USAGE_ERROR);
        assertThat(run.stderr()).isEqualTo("04-rc-pingpong: give either --server or a host to connect to, not both (see --help)\n");
    }

    @Test
    void mtuSizesMapToEnumIbvMtu() {
        assertThat(MtuOption.toEnum(256)).isEqualTo(1);
        assertThat(MtuOption.toEnum(1024)).isEqualTo(3);
        assertThat(MtuOption.toEnum(4096)).isEqualTo(5);
        assertThat(MtuOption.toEnum(1500)).isZero();
    }
}
