package rdma.support;

import java.io.PrintStream;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Both sides of a two-sided program in one JVM: the server in a thread of its own, the client in
 * the caller's, each line of output labelled "[server] " or "[client] ". The client starts only
 * once the server listens, so a server that fails while it checks its device, port or GID is one
 * error line, not a client waiting for nobody; a client that fails closes the server's listener,
 * so the server stops waiting too. When one side fails, the other soon fails as well, because its
 * peer is gone ({@link PeerGoneException}): only the cause is printed.
 */
public final class Demo {
    /**
     * One side; the server calls {@code listening} with its listener once it listens (a
     * {@code ServerSocket}, or whatever a program listens with), which the demo closes when the
     * client is done, so that a server still waiting stops.
     */
    @FunctionalInterface
    public interface Side<L extends AutoCloseable> {
        void run(PrintStream out, Consumer<L> listening);
    }

    private Demo() {
    }

    /** Runs both sides; 0 when both succeeded, {@link Cli#VERBS_ERROR} otherwise. */
    public static <L extends AutoCloseable> int run(String program, PrintStream out, PrintStream err, Side<L> server,
            Side<L> client) {
        AtomicReference<Throwable> serverFailure = new AtomicReference<>();
        AtomicReference<Throwable> clientFailure = new AtomicReference<>();
        CompletableFuture<L> listening = new CompletableFuture<>();
        Thread serverThread = new Thread(() -> {
            try {
                runSide(server, PrefixedOutput.labelled(out, "[server] "), listening::complete, serverFailure);
            } finally {
                listening.complete(null); // it ended without listening: no client will be started
            }
        }, "server");
        serverThread.start();
        L listener = listening.join();
        if (listener != null) {
            try {
                runSide(client, PrefixedOutput.labelled(out, "[client] "), ignored -> { }, clientFailure);
            } finally {
                Closeables.closeQuietly(listener); // a server still waiting for this client stops waiting
            }
        }
        join(serverThread);
        report(program, err, "[server] ", serverFailure.get(), clientFailure.get());
        report(program, err, "[client] ", clientFailure.get(), serverFailure.get());
        return serverFailure.get() == null && clientFailure.get() == null ? 0 : Cli.VERBS_ERROR;
    }

    /**
     * Runs one side, keeping whatever ends it early: a {@link VerbsException}, or an
     * {@code Error} (a library that does not load, say), which must fail the run as surely.
     */
    private static <L extends AutoCloseable> void runSide(Side<L> side, PrintStream sideOut, Consumer<L> listening,
            AtomicReference<Throwable> failure) {
        try {
            side.run(sideOut, listening);
        } catch (RuntimeException | Error failed) {
            failure.set(failed);
        }
    }

    /**
     * One labelled line for a side's failure, as the program's own would be, unless it only says
     * that the peer went away while the peer's own failure says why.
     */
    private static void report(String program, PrintStream err, String label, Throwable failure, Throwable peerFailure) {
        if (failure == null || (failure instanceof PeerGoneException && peerFailure != null
                && !(peerFailure instanceof PeerGoneException))) {
            return;
        }
        if (failure instanceof VerbsException) {
            err.println(label + program + ": " + failure.getMessage());
        } else {
            failure.printStackTrace(err); // a bug: keep its stack trace
        }
    }

    private static void join(Thread thread) {
        try {
            thread.join();
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
