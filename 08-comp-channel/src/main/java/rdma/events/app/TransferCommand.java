package rdma.events.app;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import rdma.devices.Device;
import rdma.devices.DeviceList;
import rdma.events.WaitMode;
import rdma.transfer.FileClient;
import rdma.transfer.FileServer;
import rdma.transfer.TransferOptions;
import rdma.transfer.terminal.Progress;

/**
 * Chapter 07's file transfer, both sides taking their completions from a completion channel by
 * default: a receiver waiting for the next chunk, or a sender for its credits, sleeps.
 */
@Command(name = "transfer", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"07-file-transfer, waiting on completion events (--wait events, the default here).",
                "  transfer [--server] [options]        receive into --dir, one sender after another",
                "  transfer [options] <host> <file>...  send the files to <host>"})
final class TransferCommand extends WaitingCommand {
    @Mixin
    TransferOptions options = new TransferOptions();

    @Override
    public Integer call() {
        String invalid = options.invalid();
        if (invalid == null && options.connection.demo) {
            invalid = "transfer has no demo (07-file-transfer has one): give --server, or a host and files";
        }
        WaitMode mode = modeOrRefuse(WaitMode.events, invalid);
        String program = program();
        try (DeviceList devices = DeviceList.open()) {
            Device device = devices.select(options.connection.ibDev);
            Progress progress = Progress.forTerminal(parent.out());
            if (options.connection.host == null) {
                return new FileServer(options, mode, program).run(device, parent.out(), parent.err(), progress, listener -> { });
            }
            new FileClient(options, mode).send(device, options.connection.host, options.files, parent.out(), progress);
            return 0;
        }
    }
}
