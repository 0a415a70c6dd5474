#!/usr/bin/env bash
# Post lists: chapter 05's bandwidth test against ib_write_bw with the same --post_list (1, 4 and
# 16) on both sides, at 64 B and 4 KiB, each tool against itself on the same two devices, runs
# alternating a round at a time so that the lab's drift hits both alike. This script only runs and
# records: each run's BW average goes to bench/logs/post-list.log, and rdma.bench.report.PostListPage
# renders the section of docs/benchmarks.md from that log (again at any time, from the log alone).
# Last, the goal's case (64 B, a list of 16) in runs of about a minute, the first round's runs
# profiled with perf, which must be able to sample every CPU (it can in the lab).
#
#   mvn -q install -DskipTests && lab/run bench/post-list.sh       # in the soft-RoCE lab
#   bench/post-list.sh rxe0 rxe1 1                                 # or: server dev, client dev, GID index
#
# Environment: ROUNDS (default 3) runs of each tool per size and list.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
bench_devices "$@"
perf_samples_all || { echo "bench: perf cannot sample every CPU here, and the profile needs it: run this in the lab" >&2; exit 2; }
rounds=${ROUNDS:-3}
iters=48000 # a multiple of every list, as perftest requires; about 2 s of either tool at 64 B
minute=1500000 # messages at 64 B with a list of 16: about a minute of either tool in the lab
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

# Round 1 of the minute-long runs, each tool's run profiled (lib.sh's profiled_pair and
# profile_lines): its log lines, and the profile's ("profile c ...", "syscalls c <seconds> <calls>").
profile_round() {
  local tool c java data
  data=$(mktemp)
  for tool in c java; do
    port=$((port + 1))
    if [ "$tool" = c ]; then
      c=$(perftest_retried perftest_checked profiled_pair "$data" "$port" "${c_tool[@]}" -s 64 -n "$minute" --post_list 16 | table_value "BW average" 4)
      profile_lines "$data" ib_write_bw "profile c"
    else
      java=$(profiled_pair "$data" "$port" "${java_tool[@]}" -s 64 -n "$minute" --post_list 16 | table_value "BW average" 4)
      profile_lines "$data" java "profile java"
    fi
    echo "syscalls $tool $(cat "$data.syscalls")"
  done
  rm -f "$data" "$data".*
  echo "bench: 64 B, list 16, $minute messages, round 1, profiled: C ${c:-failed}, Java ${java:-failed} MB/sec" >&2
  [ -n "$c" ] && [ -n "$java" ] || { cat /tmp/bench-client.txt /tmp/bench-server.txt >&2; exit 1; }
  echo "minute c 64 16 1 $c"
  echo "minute java 64 16 1 $java"
}

{
  echo "# $(date -u +%F), $(uname -m), $(nproc) CPUs, $server_dev and $client_dev, $iters messages a run, $rounds rounds"
  echo "# cpus: $(nproc)"
  echo "# minute: $minute"
  echo "# tool size list round MB/sec (perftest's BW average)"
  for size in 64 4096; do
    for list in 1 4 16; do
      for round in $(seq "$rounds"); do record_round "" "$size" "$list" "$iters" "$round"; done
    done
  done
  # The goal's case again in runs of about a minute, where the JIT's warm-up weighs little, the
  # first round's runs profiled in their middle: where each tool's CPU goes, and its system calls.
  for round in $(seq "$rounds"); do
    if [ "$round" = 1 ]; then profile_round; else record_round "minute " 64 16 "$minute" "$round"; fi
  done
} > "$log.new"
mv "$log.new" "$log"
java -cp bench/target/classes rdma.bench.report.PostListPage "$log" docs/benchmarks.md
