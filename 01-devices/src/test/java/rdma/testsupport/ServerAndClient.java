package rdma.testsupport;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A two-sided program run as two terminals would run it, both in this JVM: the server on a thread
 * of its own, then, once it listens, the client connecting to "localhost"; each side's own run.
 */
public record ServerAndClient(ProgramRun server, ProgramRun client) {
    /** Runs {@code program} as a server with {@code serverArgs} (listening on {@code port}), then as its client with {@code clientArgs}. */
    public static ServerAndClient run(ProgramRun.Program program, List<String> serverArgs, int port, List<String> clientArgs)
            throws Exception {
        CompletableFuture<ProgramRun> server = CompletableFuture.supplyAsync(() ->
                ProgramRun.of(program, serverArgs.toArray(String[]::new)));
        Listening.await(port, 30_000);
        List<String> args = new ArrayList<>(clientArgs);
        args.add("localhost");
        ProgramRun client = ProgramRun.of(program, args.toArray(String[]::new));
        return new ServerAndClient(server.get(60, TimeUnit.SECONDS), client);
    }

    /** The lab's server device for the server and its client device for the client, each with {@code more}. */
    public static ServerAndClient onTheLab(ProgramRun.Program program, List<String> serverMore, List<String> clientMore)
            throws Exception {
        LabDevices lab = LabDevices.find();
        int port = FreePorts.next();
        return run(program, lab.args(lab.server(), port, serverMore.toArray(String[]::new)), port,
                lab.args(lab.client(), port, clientMore.toArray(String[]::new)));
    }
}
