#!/usr/bin/env bash
# Chapter 12 (Java) against rdma-core's ibv_srq_pingpong (C): 16 QPs on one shared receive queue on
# each side, the tools' defaults, on the same devices in one session, runs alternating, each side on
# a CPU of its own; in each round each tool runs N and 4N iterations (lib.sh's pingpong_rounds). This
# script only runs and records, into bench/logs/srq-pingpong.log; rdma.bench.report.SrqPingpongPage
# renders the section of docs/benchmarks.md from that log.
#
#   mvn -q install -DskipTests && lab/run bench/srq-pingpong.sh      # in the soft-RoCE lab
#   bench/srq-pingpong.sh rxe0 rxe1 1                                 # or: server dev, client dev, GID index
#
# Environment: ROUNDS (default 5) rounds per size.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

bench_devices "$@"
rounds=${ROUNDS:-5}
log=bench/logs/srq-pingpong.log
java_tool=(java -cp "$(chapter_classpath)" rdma.srq.app.SrqMain)
c_tool=(ibv_srq_pingpong)
port=18800
declare -A iters=([64]=8000 [4096]=3000)

{
  echo "# bench/srq-pingpong.sh: $server_dev and $client_dev${gid:+, GID index $gid}, $rounds rounds"
  log_facts
  echo "# devices: $server_dev $client_dev"
  echo "# gid: ${gid:-none}"
  echo "# qps: 16"
  for size in 64 4096; do echo "# iterations $size: ${iters[$size]}"; done
  echo "# run tool size round usec/iter (short: N iterations over all QPs, long: 4N)"
  pingpong_rounds "$rounds" "c java" 64 4096
} > "$log.new"
mv "$log.new" "$log"
java -cp bench/target/classes rdma.bench.report.SrqPingpongPage "$log" docs/benchmarks.md
