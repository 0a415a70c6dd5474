package rdma.queues.cqqp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import rdma.support.Cli;
import rdma.testsupport.ProgramRun;

class OptionsTest {
    private static CqQpMain parse(String... args) {
        return ProgramRun.parsed(CqQpMain::new, args);
    }

    /** Without --fail the run is the normal one; "none" is no failure's name, here as in chapters 05 and 06. */
    @Test
    void noneIsRefusedAsAnyUnknownFailure() {
        assertThat(parse().fail).isNull();
        ProgramRun run = ProgramRun.of(CqQpMain::run, "--fail", "none");
        assertThat(run.exitCode()).isEqualTo(Cli.USAGE_ERROR);
        assertThat(run.stderr()).isEqualTo("03-cq-qp: Invalid value for option '--fail': expected"
                + " send-before-rts or rnr, not 'none' (see --help)\n");
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
