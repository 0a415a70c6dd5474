package rdma.queues.cqqp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.io.PrintStream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import rdma.devices.Cli;
import rdma.testsupport.ProgramRun;

class OptionsTest {
    private static CqQpMain parse(String... args) {
        CqQpMain main = new CqQpMain(new PrintStream(OutputStream.nullOutputStream()));
        new CommandLine(main).parseArgs(args);
        return main;
    }

    @Test
    void defaults() {
        CqQpMain main = parse();
        assertThat(main.ibDev).isNull();
        assertThat(main.peerDev).isNull();
        assertThat(main.ibPort).isEqualTo(1);
        assertThat(main.gidIdx).isNull();
        assertThat(main.fail).isEqualTo(CqQpMain.Failure.none);
    }

    @Test
    void rdmaCoreOptionNames() {
        CqQpMain main = parse("-d", "rxe0", "--peer-dev", "rxe1", "-i", "1", "-g", "1", "--fail", "send-before-rts");
        assertThat(main.ibDev).isEqualTo("rxe0");
        assertThat(main.peerDev).isEqualTo("rxe1");
        assertThat(main.gidIdx).isEqualTo(1);
        assertThat(main.fail).isEqualTo(CqQpMain.Failure.send_before_rts);
        assertThat(parse("--ib-dev=mlx5_0", "--gid-idx", "3", "--fail=rnr").fail).isEqualTo(CqQpMain.Failure.rnr);
    }

    @Test
    void anUnknownFailureIsOneLine() {
        ProgramRun run = ProgramRun.of(CqQpMain::run, "--fail", "timeout");
        assertThat(run.exitCode()).isEqualTo(Cli.USAGE_ERROR);
        assertThat(run.stderr()).isEqualTo("03-cq-qp: Invalid value for option '--fail': expected"
                + " send-before-rts or rnr, not 'timeout' (see --help)\n");
    }
}
