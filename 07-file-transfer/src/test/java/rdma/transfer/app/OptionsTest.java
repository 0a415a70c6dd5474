package rdma.transfer.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import rdma.pingpong.PingpongOptions;
import rdma.read.perf.RdmaReadMain;
import rdma.support.Cli;
import rdma.testsupport.ProgramRun;
import rdma.transfer.TransferOptions;
import rdma.write.WriteOptions;

/** The command line: a host and its files, the receiver's options, sizes with units, and one-line mistakes. */
class OptionsTest {
    private static TransferOptions parse(String... args) {
        return ProgramRun.parsed(FileTransferMain::new, args).options;
    }

    @Test
    void aHostThenItsFiles() {
        TransferOptions options = parse("-d", "rxe1", "--chunk", "64K", "--depth", "4", "192.0.2.1", "a.bin", "b.bin");
        assertThat(options.connection.host).isEqualTo("192.0.2.1");
        assertThat(options.files).containsExactly(Path.of("a.bin"), Path.of("b.bin"));
        assertThat(options.chunkSize()).isEqualTo(65536);
        assertThat(options.depth).isEqualTo(4);
        assertThat(options.invalid()).isNull();
    }

    @Test
    void theReceiversOptions() {
        TransferOptions options = parse("--server", "--dir", "/srv/in", "--force", "--max-size", "10G", "--once");
        assertThat(options.server).isTrue();
        assertThat(options.dir).isEqualTo(Path.of("/srv/in"));
        assertThat(options.force).isTrue();
        assertThat(options.maxSize).isEqualTo(10L << 30);
        assertThat(options.once).isTrue();
    }

    @Test
    void whoMaySend() {
        TransferOptions options = parse("--server", "--bind", "192.0.2.1", "--allow", "192.0.2.2", "--allow", "10.0.0.0/8");
        assertThat(options.bind.getHostAddress()).isEqualTo("192.0.2.1");
        assertThat(options.allow).map(Object::toString).containsExactly("192.0.2.2", "10.0.0.0/8");
        assertThat(options.invalid()).isNull();
        assertThat(parse().allow).as("by default, everyone who reaches the port").isEmpty();
    }

    /** The servers of chapters 04 to 06 and this one's can listen side by side. */
    @Test
    void theDefaultPortIsNoEarlierChapters() {
        assertThat(parse().connection.port).isNotIn(new PingpongOptions().connection.port, WriteOptions.PORT, RdmaReadMain.PORT);
    }

    @Test
    void mistakesAreOneLineAndExitCode2() {
        ProgramRun noFiles = ProgramRun.of(FileTransferMain::run, "192.0.2.1");
        assertThat(noFiles.exitCode()).isEqualTo(Cli.USAGE_ERROR);
        assertThat(noFiles.stderr()).isEqualTo("07-file-transfer: name the files to send after the host (see --help)\n");
        assertThat(ProgramRun.of(FileTransferMain::run, "--server", "192.0.2.1", "a").stderr())
                .contains("--server receives: give it no host and no files");
        assertThat(ProgramRun.of(FileTransferMain::run, "--chunk", "1X").stderr())
                .contains("expected a size such as 4096, 64K, 1M or 10G, not '1X'");
        assertThat(ProgramRun.of(FileTransferMain::run, "--depth", "0").stderr()).contains("--depth must be between 1 and 4096");
        assertThat(ProgramRun.of(FileTransferMain::run, "--allow", "192.0.2.2", "192.0.2.1", "a").stderr())
                .isEqualTo("07-file-transfer: --bind and --allow are the receiver's: give them with --server, without a host (see --help)\n");
        ProgramRun aName = ProgramRun.of(FileTransferMain::run, "--server", "--allow", "sender.example");
        assertThat(aName.exitCode()).isEqualTo(Cli.USAGE_ERROR);
        assertThat(aName.stderr()).hasLineCount(1).contains("'sender.example' is not an IPv4 or IPv6 address (names are not looked up");
        assertThat(ProgramRun.of(FileTransferMain::run, "--bind", "192.0.2.0/24").stderr()).hasLineCount(1)
                .contains("'192.0.2.0/24' is not an IPv4 or IPv6 address");
    }
}
