#!/usr/bin/env bash
# Post lists: chapter 05's bandwidth test against ib_write_bw with the same --post_list (1, 4 and
# 16) on both sides, at 64 B and 4 KiB, each tool against itself on the same two devices, runs
# alternating a round at a time so that the lab's drift hits both alike. This script only runs and
# records: each run's BW average goes to bench/logs/post-list.log, and rdma.bench.report.PostListPage
# renders the section of docs/benchmarks.md from that log (again at any time, from the log alone).
#
#   mvn -q install -DskipTests && lab/run bench/post-list.sh       # in the soft-RoCE lab
#   bench/post-list.sh rxe0 rxe1 1                                 # or: server dev, client dev, GID index
#
# Environment: ROUNDS (default 3) runs of each tool per size and list.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
bench_devices "$@"
rounds=${ROUNDS:-3}
iters=4800 # a multiple of every list, as perftest requires
log=bench/logs/post-list.log
java_tool=(java -cp "$(chapter_classpath)" rdma.write.perf.RdmaWriteMain --bw "${gid_args[@]}")
c_tool=(ib_write_bw -F); [ -n "$gid" ] && c_tool+=(-x "$gid")
port=19100

# One round of each tool at size $2 with list $3, $4 messages: its log lines, keyed "$1" (what the
# round belongs to) and round $5.
record_round() {
  local key=$1 size=$2 list=$3 messages=$4 round=$5 c java
  port=$((port + 2))
  c=$(perftest_pair "$port" "${c_tool[@]}" -s "$size" -n "$messages" --post_list "$list" | table_value "BW average" 4)
  java=$(run_pair $((port + 1)) "${java_tool[@]}" -s "$size" -n "$messages" --post_list "$list" | table_value "BW average" 4)
  echo "bench: $size B, list $list, $messages messages, round $round: C ${c:-failed}, Java ${java:-failed} MB/sec" >&2
  [ -n "$c" ] && [ -n "$java" ] || { cat /tmp/bench-client.txt /tmp/bench-server.txt >&2; exit 1; }
  echo "${key}c $size $list $round $c"
  echo "${key}java $size $list $round $java"
}

{
  echo "# $(date -u +%F), $(uname -m), $(nproc) CPUs, $server_dev and $client_dev, $iters messages a run, $rounds rounds"
  echo "# tool size list round MB/sec (perftest's BW average)"
  for size in 64 4096; do
    for list in 1 4 16; do
      for round in $(seq "$rounds"); do record_round "" "$size" "$list" "$iters" "$round"; done
    done
  done
  # The goal's case again, ten times as long: how much of the gap is the JIT warming up.
  for round in $(seq "$rounds"); do record_round "long " 64 16 $((iters * 10)) "$round"; done
} > "$log.new"
mv "$log.new" "$log"
java -cp bench/target/classes rdma.bench.report.PostListPage "$log" docs/benchmarks.md
