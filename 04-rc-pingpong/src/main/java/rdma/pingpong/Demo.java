package rdma.pingpong;

import java.io.PrintStream;
import java.net.ServerSocket;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import rdma.devices.Cli;
import rdma.devices.VerbsException;

/**
 * Both sides of a two-sided program in one JVM: the server in a thread of its own, the client in
 * the caller's, each line of output labelled "[server] " or "[client] ". The client starts only
 * once the server listens, so a server that fails while it checks its device, port or GID is one
 * error line, not a client waiting for nobody; a client that fails closes the server's listener,
 * so the server stops waiting too. When one side fails, the other soon fails as well, because its
 * peer is gone: only the first failure, the cause, is printed.
 */
public final class Demo {
    /** One side; the server calls {@code listening} with its listener once it listens. */
    @FunctionalInterface
    public interface Side {
        void run(PrintStream out, Consumer<ServerSocket> listening);
    }

    private Demo() {
    }

    /** Runs both sides; 0 when both succeeded, {@link Cli#VERBS_ERROR} otherwise. */
    public static int run(String program, PrintStream out, PrintStream err, Side server, Side client) {
        AtomicReference<RuntimeException> firstFailure = new AtomicReference<>();
        CompletableFuture<ServerSocket> listening = new CompletableFuture<>();
        Thread serverThread = new Thread(() -> {
            try {
                runSide(program, "[server] ", server, out, err, listening::complete, firstFailure);
            } finally {
                listening.complete(null); // it ended without listening: no client will be started
            }
        }, "server");
        serverThread.start();
        ServerSocket listener = listening.join();
        if (listener != null) {
            try {
                runSide(program, "[client] ", client, out, err, ignored -> { }, firstFailure);
            } finally {
                AddressExchange.closeQuietly(listener); // a server still waiting for this client stops waiting
            }
        }
        join(serverThread);
        return firstFailure.get() == null ? 0 : Cli.VERBS_ERROR;
    }

    /** One side; the first failure of the two is one labelled line on stderr, as the program's own would be. */
    private static void runSide(String program, String label, Side side, PrintStream out, PrintStream err,
            Consumer<ServerSocket> listening, AtomicReference<RuntimeException> firstFailure) {
        try {
            side.run(PrefixedOutput.labelled(out, label), listening);
        } catch (RuntimeException failure) {
            if (!firstFailure.compareAndSet(null, failure)) {
                return; // the other side failed first, and this one because its peer went away
            }
            if (failure instanceof VerbsException) {
                err.println(label + program + ": " + failure.getMessage());
            } else {
                failure.printStackTrace(err); // a bug: keep its stack trace
            }
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
