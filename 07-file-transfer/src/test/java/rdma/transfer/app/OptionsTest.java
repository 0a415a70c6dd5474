package rdma.transfer.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import rdma.devices.Cli;
import rdma.transfer.TransferOptions;
import rdma.testsupport.ProgramRun;

/** The command line: a host and its files, the receiver's options, sizes with units, and one-line mistakes. */
class OptionsTest {
    private static TransferOptions parse(String... args) {
        PrintStream nowhere = new PrintStream(OutputStream.nullOutputStream());
        FileTransferMain main = new FileTransferMain(nowhere, nowhere);
        new CommandLine(main).parseArgs(args);
        return main.options;
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
    void defaultsAndThePort() {
        TransferOptions options = parse();
        assertThat(options.chunkSize()).isEqualTo(TransferOptions.DEFAULT_CHUNK);
        assertThat(options.depth).isEqualTo(TransferOptions.DEFAULT_DEPTH);
        assertThat(options.connection.port).isEqualTo(FileTransferMain.PORT).isNotIn(18515, 18516, 18517);
        assertThat(options.maxSize).isEqualTo(Long.MAX_VALUE);
        assertThat(options.dir).isEqualTo(Path.of("."));
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
    }
}
