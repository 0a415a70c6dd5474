package rdma.bench.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A session's devices, as its log and perftest's tools name them, and its log's two endings. */
class SessionTest {
    @TempDir
    Path logs;

    @Test
    void theDevicesAsTheLogAndPerftestNameThem() {
        try (Session session = new Session(new String[] {"mlx5_0", "mlx5_1", "3"}, logs.resolve("x.log").toString(), 100)) {
            assertThat(session.devicesTitle()).isEqualTo("mlx5_0 and mlx5_1, GID index 3");
            assertThat(session.deviceFacts()).containsExactly("devices: mlx5_0 mlx5_1", "gid: 3");
            assertThat(session.gidArgs()).containsExactly("-g", "3");
            assertThat(Perftest.command(session, "ib_write_bw")).containsExactly("ib_write_bw", "-F", "-x", "3");
            assertThat(session.nextPort()).isEqualTo(101);
            assertThat(session.nextPort()).isEqualTo(102);
        }
    }

    @Test
    void aFinishedSessionsLogTakesTheLastOnesPlace() throws Exception {
        Path log = logs.resolve("x.log");
        Files.writeString(log, "# the last session\n");
        try (Session session = new Session(new String[] {"rxe0", "rxe1", "1"}, log.toString(), 100)) {
            session.header("a session", session.deviceFacts());
            session.line("short c 64 1 40.0");
            assertThat(session.sofar().runs()).hasSize(1);
            session.finish(logAndPage -> assertThat(logAndPage[0]).isEqualTo(log.toString()));
        }
        assertThat(Files.readAllLines(log)).contains("# a session", "# devices: rxe0 rxe1", "# gid: 1", "short c 64 1 40.0");
        assertThat(logs.resolve("x.log.new")).doesNotExist();
    }

    @Test
    void aFailedSessionLeavesTheLastLogAloneAndKeepsItsRuns() throws Exception {
        Path log = logs.resolve("x.log");
        Files.writeString(log, "# the last session\n");
        try (Session session = new Session(new String[0], log.toString(), 100)) {
            session.line("short c 64 1 40.0");
        }
        assertThat(Files.readAllLines(log)).containsExactly("# the last session");
        assertThat(Files.readAllLines(logs.resolve("x.log.failed"))).containsExactly("short c 64 1 40.0");
        assertThat(logs.resolve("x.log.new")).doesNotExist();
    }

    @Test
    void aSessionThatRanNothingLeavesNothing() throws Exception {
        Path log = logs.resolve("x.log");
        try (Session session = new Session(new String[0], log.toString(), 100)) {
            assertThat(logs.resolve("x.log.new")).exists();
        }
        try (var left = Files.list(logs)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void withoutAGidIndexNoneIsGiven() {
        try (Session session = new Session(new String[] {"rxe0", "rxe1", ""}, logs.resolve("y.log").toString(), 100)) {
            assertThat(session.devicesTitle()).isEqualTo("rxe0 and rxe1");
            assertThat(session.deviceFacts()).containsExactly("devices: rxe0 rxe1", "gid: none");
            assertThat(session.gidArgs()).isEmpty();
            assertThat(Perftest.command(session, "ib_write_lat")).containsExactly("ib_write_lat", "-F");
        }
    }
}
