package rdma.bench.run;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import rdma.bench.report.SrqPingpongPage;
import rdma.bench.run.Pingpongs.Tool;

/**
 * bench/srq-pingpong.sh: chapter 12 (Java) against rdma-core's ibv_srq_pingpong (C), 16 QPs on one
 * shared receive queue on each side (both tools' default), at 64 B and 4 KiB ({@link Pingpongs}).
 * Records bench/logs/srq-pingpong.log; {@link SrqPingpongPage} renders it.
 */
public final class SrqPingpong {
    private SrqPingpong() {
    }

    public static void main(String[] args) {
        Session.main(() -> {
            int rounds = Session.env("ROUNDS", 5);
            try (Session session = new Session(args, "bench/logs/srq-pingpong.log", 18800)) {
                Map<Integer, Integer> iterations = new TreeMap<>(Map.of(64, 8000, 4096, 3000));
                List<String> facts = Pingpongs.facts(session, iterations);
                facts.add(2, "qps: 16");
                session.header("bench/srq-pingpong.sh: " + session.devicesTitle() + ", " + rounds + " rounds", facts);
                session.line("# run tool size round usec/iter (short: N iterations over all QPs, long: 4N)");
                Pingpongs.rounds(session, rounds, List.of(new Tool("c", List.of("ibv_srq_pingpong")),
                        new Tool("java", Session.chapterProgram("rdma.srq.app.SrqMain"))), iterations);
                session.finish(SrqPingpongPage::main);
            }
        });
    }
}
