package rdma.srq.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import rdma.testsupport.ProgramRun;

/** Options the C tool refuses, refused the same way before any device is opened: one line, exit code 2. */
class SrqOptionsTest {
    @Test
    void moreQpsThanTheExchangeCarriesAreRefused() {
        ProgramRun run = ProgramRun.of(SrqMain::run, "-q", "256");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).isEqualTo("12-srq: -q/--num-qp 256 is too many: at most 255 (the exchange carries 256 records)"
                + " (see --help)\n");
    }

    @Test
    void fewerReceivesThanQpsAreRefused() {
        ProgramRun run = ProgramRun.of(SrqMain::run, "-q", "8", "-r", "4");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).isEqualTo("12-srq: -r/--rx-depth 4 is too small for 8 QPs: it must have at least one receive"
                + " per QP (see --help)\n");
    }

    @Test
    void aServerWhosePoolCouldRunDryIsRefused() {
        ProgramRun run = ProgramRun.of(SrqMain::run, "serve", "--limit", "8", "--max-clients", "16");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).startsWith("12-srq: --max-clients 16 is above --limit 8: ");
    }

    @Test
    void aLimitAsLargeAsThePoolIsRefused() {
        ProgramRun run = ProgramRun.of(SrqMain::run, "serve", "-r", "32", "--limit", "32");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.stderr()).isEqualTo("12-srq: --limit 32 must be at least 1 and below -r/--rx-depth 32 (see --help)\n");
    }
}
