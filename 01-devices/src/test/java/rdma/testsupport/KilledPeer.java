package rdma.testsupport;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A two-sided program whose peer dies in the middle of a run, as a crash would end it: one side
 * (the survivor, a server) runs in this JVM, the other in a second JVM that is killed with
 * SIGKILL once it is at work. What the survivor said, and how long it took to notice.
 *
 * @param survivor        the survivor's run
 * @param secondsToNotice from the kill to the survivor's end
 * @param peerOutput      what the killed peer had printed
 */
public record KilledPeer(ProgramRun survivor, long secondsToNotice, String peerOutput) {
    /**
     * Starts {@code program} with {@code survivorArgs} (a server on {@code port}), then
     * {@code peerMain} in a second JVM with {@code peerArgs} and "localhost"; once the peer
     * printed {@code readyLine} and ran two seconds more, kills it.
     */
    public static KilledPeer run(ProgramRun.Program program, List<String> survivorArgs, int port, Class<?> peerMain,
            List<String> peerArgs, String readyLine) throws Exception {
        CompletableFuture<ProgramRun> survivor = CompletableFuture.supplyAsync(() ->
                ProgramRun.of(program, survivorArgs.toArray(String[]::new)));
        Listening.await(port, 30_000);
        List<String> args = new ArrayList<>(peerArgs);
        args.add("localhost");
        try (Child peer = Child.java(peerMain, List.of(), args)) {
            peer.awaitOutput(readyLine, 60);
            Thread.sleep(2_000); // the peer is at work
            peer.kill();
            long killed = System.nanoTime();
            ProgramRun run = survivor.get(60, TimeUnit.SECONDS);
            return new KilledPeer(run, TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - killed), peer.output());
        }
    }
}
