package rdma.errors.app;

import java.io.PrintStream;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import rdma.devices.DeviceList;
import rdma.errors.ErrorsAndRecovery;
import rdma.errors.SurvivingPingpong;
import rdma.pingpong.PingpongOptions;
import rdma.support.Cli;

/**
 * {@code ibv_rc_pingpong} whose client survives its server restarting: without a host, its
 * server (one session, then it ends, as C's does); with a host, {@link SurvivingPingpong}'s client;
 * with {@code --demo}, {@link RestartDemo}: C's server killed mid-run and started again.
 */
@Command(name = "pingpong", mixinStandardHelpOptions = true, sortOptions = false,
        description = "ibv_rc_pingpong, whose client recovers its QP and reconnects when its server restarts.")
public final class PingpongCommand extends Cli.Program {
    @ParentCommand
    ErrorsMain parent;

    @Mixin
    PingpongOptions options = new PingpongOptions();

    @Option(names = "--timeout", paramLabel = "<n>", description = "the QP's local ACK timeout, 4.096 us x 2^<n> (default ${DEFAULT-VALUE})")
    int timeout = ErrorsAndRecovery.Retries.PATIENT.timeout();

    @Option(names = "--retry-cnt", paramLabel = "<n>", description = "the QP's retries after a timeout, 0 to 7 (default ${DEFAULT-VALUE})")
    int retryCnt = ErrorsAndRecovery.Retries.PATIENT.retryCnt();

    @Option(names = "--reconnects", paramLabel = "<n>", description = "sessions the client starts again after one broke (default ${DEFAULT-VALUE})")
    int reconnects = 3;

    /** How long the client waits for a restarted server to listen again. */
    static final long WAIT_FOR_SERVER_NANOS = TimeUnit.SECONDS.toNanos(60);

    PingpongCommand() {
        super(null, null);
    }

    @Override
    public Integer call() {
        refuse(options.invalid());
        refuse(timeout < 1 || timeout > 31 ? "--timeout must be 1 to 31" : null);
        refuse(retryCnt < 0 || retryCnt > 7 ? "--retry-cnt must be 0 to 7" : null);
        refuse(reconnects < 0 ? "--reconnects must be 0 or more" : null);
        PrintStream out = parent.out();
        SurvivingPingpong pingpong = new SurvivingPingpong(options,
                new ErrorsAndRecovery.Retries(timeout, retryCnt, ErrorsAndRecovery.Retries.PATIENT.rnrRetry()), reconnects,
                WAIT_FOR_SERVER_NANOS);
        if (options.connection.demo) {
            return new RestartDemo(options, pingpong, out).run();
        }
        try (DeviceList list = DeviceList.open()) {
            if (options.connection.host == null) {
                pingpong.serve(list.select(options.connection.ibDev), out);
            } else {
                pingpong.run(list.select(options.connection.ibDev), options.connection.host, out, session -> { });
            }
        }
        return 0;
    }
}
