package rdma.bench.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * One run of a two-sided tool: its server in the background, then, once the server listens on
 * its TCP port, its client, to the client's end. Each side's output (standard output and error
 * together) goes to a file of the session's scratch directory, server.txt and client.txt.
 */
final class Pair {
    /** How long a client may take before it counts as hung. */
    static final long CLIENT_MINUTES = 10;
    /** How long a server may take to listen. */
    static final long LISTEN_SECONDS = 60;

    /** How a run ended: whether its client succeeded, and what each side printed. */
    record Outcome(boolean clientOk, String client, String server) {
        /** Both sides' outputs, for whoever must find out why a run failed. */
        String shown() {
            return client + server;
        }
    }

    /** Where a pingpong's two sides run, as taskset's CPU lists. */
    enum Placement {
        /** The server on CPU 0 and the client on CPU 1, as two hosts each have CPUs of their own. */
        apart,
        /** Both on CPU 0. */
        shared,
        /** Wherever the scheduler puts them. */
        free;

        String cpus(boolean server) {
            return switch (this) {
                case apart -> server ? "0" : "1";
                case shared -> "0";
                case free -> "0-" + (Runtime.getRuntime().availableProcessors() - 1);
            };
        }
    }

    private final Session session;

    Pair(Session session) {
        this.session = session;
    }

    /** {@code tool} as a server on the session's server device, TCP port {@code port}. */
    List<String> server(List<String> tool, int port) {
        return concat(tool, List.of("-d", session.serverDev, "-p", String.valueOf(port)));
    }

    /** {@code tool} as a client on the session's client device, to the server on {@code port}. */
    List<String> client(List<String> tool, int port) {
        return concat(tool, List.of("-d", session.clientDev, "-p", String.valueOf(port), "127.0.0.1"));
    }

    /** The same run of {@code tool} on both sides, on {@code port}, unpinned. */
    Outcome run(List<String> tool, int port) {
        return run(port, server(tool, port), client(tool, port));
    }

    /** The same run of {@code tool} on both sides, each side where {@code placement} says. */
    Outcome run(List<String> tool, int port, Placement placement) {
        return run(port, pinned(placement.cpus(true), server(tool, port)), pinned(placement.cpus(false), client(tool, port)));
    }

    /** Server, then client once the server listens on {@code port}; the outputs once both ended. */
    Outcome run(int port, List<String> server, List<String> client) {
        return start(port, server, client).finish();
    }

    /** Server, then client once the server listens; the run goes on while the caller watches it. */
    Running start(int port, List<String> server, List<String> client) {
        Process serverProcess = launch(server, output("server"));
        waitListening(port, serverProcess);
        return new Running(serverProcess, launch(client, output("client")));
    }

    /** A run under way. */
    final class Running {
        final Process server;
        final Process client;

        Running(Process server, Process client) {
            this.server = server;
            this.client = client;
        }

        /**
         * Waits for the client, then for the server, each at most {@link #CLIENT_MINUTES}. A
         * server whose client failed is stopped: it would wait for another client for ever.
         */
        Outcome finish() {
            boolean clientOk = ended(client, CLIENT_MINUTES, TimeUnit.MINUTES) && client.exitValue() == 0;
            if (!clientOk) {
                client.destroy();
                server.destroy();
            }
            if (!ended(server, CLIENT_MINUTES, TimeUnit.MINUTES)) {
                server.destroyForcibly();
                ended(server, 1, TimeUnit.MINUTES);
                clientOk = false;
            }
            return new Outcome(clientOk, read(output("client")), read(output("server")));
        }
    }

    /** The file a side's output goes to. */
    Path output(String side) {
        return session.work.resolve(side + ".txt");
    }

    /** Starts {@code command}, its output (standard output and error) into {@code output}. */
    static Process launch(List<String> command, Path output) {
        try {
            return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + command.get(0), e);
        }
    }

    /** {@code command} on the CPUs {@code cpus} (taskset's list). */
    static List<String> pinned(String cpus, List<String> command) {
        return concat(List.of("taskset", "-c", cpus), command);
    }

    /**
     * Until something listens on TCP port {@code port} (the kernel's own table, read here: in the
     * lab every command started costs a third of a second).
     */
    static void waitListening(int port, Process server) {
        waitUntil(() -> Listening.onTcp(port), server, "port " + port);
    }

    /**
     * Until {@code listens} says the server listens on {@code where}, ten looks a second, at most
     * {@link #LISTEN_SECONDS}; a server that ended first, or never listened, failed.
     */
    static void waitUntil(BooleanSupplier listens, Process server, String where) {
        for (int tenth = 0; tenth < LISTEN_SECONDS * 10; tenth++) {
            if (listens.getAsBoolean()) {
                return;
            }
            if (!server.isAlive()) {
                throw new IllegalStateException("the server ended before it listened on " + where);
            }
            pause(100);
        }
        server.destroy();
        throw new IllegalStateException("nothing listens on " + where);
    }

    /** Whether {@code process} ended within the time given. */
    static boolean ended(Process process, long time, TimeUnit unit) {
        try {
            return process.waitFor(time, unit);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String> concat(List<String> first, List<String> second) {
        List<String> both = new ArrayList<>(first);
        both.addAll(second);
        return both;
    }
}
