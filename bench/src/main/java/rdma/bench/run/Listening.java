package rdma.bench.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** Whether a TCP port has a listener, from the kernel's tables in /proc/net. */
final class Listening {
    /** The socket state "LISTEN" in /proc/net/tcp's {@code st} column. */
    private static final String LISTEN = "0A";

    private Listening() {
    }

    static boolean onTcp(int port) {
        return inTable(lines(Path.of("/proc/net/tcp")), port) || inTable(lines(Path.of("/proc/net/tcp6")), port);
    }

    /**
     * Whether a table in /proc/net/tcp's form has a listener on {@code port}: each line after the
     * heading is {@code sl local_address rem_address st ...}, the local address {@code ADDR:PORT}
     * with the port in hexadecimal.
     */
    static boolean inTable(List<String> table, int port) {
        String local = ":" + String.format(Locale.ROOT, "%04X", port);
        return table.stream().skip(1).map(line -> line.trim().split("\\s+"))
                .anyMatch(field -> field.length > 3 && field[1].endsWith(local) && field[3].equals(LISTEN));
    }

    private static List<String> lines(Path table) {
        try {
            return Files.readAllLines(table);
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
