#!/usr/bin/env bash
# Chapter 05's write latency test with its data path through java.lang.foreign (appendix-ffm
# write), beside the same test through JNA (chapter 05's program) and perftest's ib_write_lat, on
# the same devices in one session, runs alternating. Every tool reports perftest's latency table;
# a cell is the median over the rounds of the client's t_typical (the median iteration, which
# leaves the JIT's warm-up out) and of its t_avg (the mean, which keeps it in), and a ratio the
# median of each round's own ratio. Java sends inline exactly what ib_write_lat said it did. This
# script only runs and records, into bench/logs/ffm-write.log; rdma.bench.report.FfmWritePage
# renders the section of docs/benchmarks.md from that log.
#
#   JAVA_HOME=<JDK 22+> mvn -q install -DskipTests && lab/run bench/ffm-write.sh   # in the lab
#   bench/ffm-write.sh rxe0 rxe1 1                 # or: server dev, client dev, GID index
#
# Environment: ROUNDS (default 7, where the chapters' benchmarks run 5: the lab spoils a round or
# two of a session, and a median of 7 moves less for them) rounds per size; SIZES (default
# "64 4096"); ITERS (default 5000) writes a run; JAVA22_HOME, the JDK both Java routes run on
# (default: the newest of 22 or later under /usr/lib/jvm).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

bench_devices "$@"
rounds=${ROUNDS:-7}
sizes=${SIZES:-64 4096}
iters=${ITERS:-5000}
jdk=$(newer_jdk)
[ -x "$jdk/bin/java" ] || { echo "bench: the appendix needs a JDK of 22 or later: set JAVA22_HOME" >&2; exit 2; }
[ -d appendix-ffm/target/classes ] || { echo "bench: build the appendix first: JAVA_HOME=$jdk mvn -q install -DskipTests" >&2; exit 2; }

# Both Java routes on the same JDK, so that only the route differs. perftest names the GID index -x.
jna_tool=("$jdk/bin/java" -cp "$(chapter_classpath)" rdma.write.perf.RdmaWriteMain "${gid_args[@]}")
ffm_tool=("$jdk/bin/java" --enable-native-access=ALL-UNNAMED -cp "$PWD/appendix-ffm/target/classes:$(chapter_classpath)"
  rdma.foreign.app.ForeignMain write "${gid_args[@]}")
c_tool=(ib_write_lat -F)
[ -n "$gid" ] && c_tool+=(-x "$gid")
port=19100

log=bench/logs/ffm-write.log
{
  echo "# bench/ffm-write.sh: $server_dev and $client_dev${gid:+, GID index $gid}, $rounds rounds of $iters writes"
  log_facts
  echo "# jdk: $(jdk_version "$jdk")"
  echo "# devices: $server_dev $client_dev"
  echo "# gid: ${gid:-none}"
  echo "# writes: $iters"
  echo "# typical|average TOOL SIZE ROUND usec (the client's t_typical, t_avg)"
  for size in $sizes; do
    for round in $(seq "$rounds"); do
      inline=0
      for tool in c jna ffm; do
        port=$((port + 1))
        command=${tool}_tool[@]
        options=(-s "$size" -n "$iters")
        [ "$tool" != c ] && options+=(-I "$inline")
        pair=run_pair; [ "$tool" = c ] && pair=perftest_pair
        report=$($pair "$port" "${!command}" "${options[@]}")
        [ "$tool" = c ] && inline=$(inline_of "$report")
        t=$(table_value t_typical 5 <<< "$report"); a=$(table_value t_typical 6 <<< "$report")
        [ -n "$t" ] && [ -n "$a" ] || { cat /tmp/bench-client.txt /tmp/bench-server.txt >&2; exit 1; }
        echo "bench: size $size round $round $tool: t_typical $t, t_avg $a usec" >&2
        echo "typical $tool $size $round $t"
        echo "average $tool $size $round $a"
      done
    done
  done
} > "$log.new"
mv "$log.new" "$log"
"$jdk/bin/java" -cp bench/target/classes rdma.bench.report.FfmWritePage "$log" docs/benchmarks.md
