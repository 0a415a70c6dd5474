package rdma.bench.run;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import rdma.bench.report.RcPingpongPage;
import rdma.bench.run.Pingpongs.Tool;

/**
 * bench/rc-pingpong.sh: the latency of chapter 04 (Java) against rdma-core's ibv_rc_pingpong (C),
 * on the same devices in one session, at 64 B, 4 KiB and 64 KiB ({@link Pingpongs}). Records
 * bench/logs/rc-pingpong.log; {@link RcPingpongPage} renders it.
 */
public final class RcPingpong {
    private RcPingpong() {
    }

    public static void main(String[] args) {
        Session.main(() -> {
            int rounds = Session.env("ROUNDS", 5);
            try (Session session = new Session(args, "bench/logs/rc-pingpong.log", 18700)) {
                Map<Integer, Integer> iterations = new TreeMap<>(Map.of(64, 10000, 4096, 3000, 65536, 500));
                session.header("bench/rc-pingpong.sh: " + session.devicesTitle() + ", " + rounds + " rounds", Pingpongs.facts(session, iterations));
                session.line("# run tool size round usec/iter (short: N iterations, long: 4N)");
                Pingpongs.rounds(session, rounds, List.of(new Tool("c", List.of("ibv_rc_pingpong")),
                        new Tool("java", Session.chapterProgram("rdma.pingpong.rc.RcPingpongMain"))), iterations);
                session.finish(RcPingpongPage::main);
            }
        });
    }
}
