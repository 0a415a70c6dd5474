#!/usr/bin/env bash
# Latency of chapter 04 (Java) against rdma-core's ibv_rc_pingpong (C), on the same devices in one
# session, runs alternating so that drift hits both alike, each side on a CPU of its own: in each
# round each tool runs N and 4N iterations (lib.sh's pingpong_rounds). This script only runs and
# records, into bench/logs/rc-pingpong.log; rdma.bench.report.RcPingpongPage renders the section
# of docs/benchmarks.md from that log.
#
#   mvn -q install -DskipTests && lab/run bench/rc-pingpong.sh      # in the soft-RoCE lab
#   bench/rc-pingpong.sh rxe0 rxe1 1                                 # or: server dev, client dev, GID index
#
# Environment: ROUNDS (default 5) rounds per size.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

bench_devices "$@"
rounds=${ROUNDS:-5}
log=bench/logs/rc-pingpong.log
java_tool=(java -cp "$(chapter_classpath)" rdma.pingpong.rc.RcPingpongMain)
c_tool=(ibv_rc_pingpong)
port=18700
declare -A iters=([64]=10000 [4096]=3000 [65536]=500)

{
  echo "# bench/rc-pingpong.sh: $server_dev and $client_dev${gid:+, GID index $gid}, $rounds rounds"
  log_facts
  echo "# devices: $server_dev $client_dev"
  echo "# gid: ${gid:-none}"
  for size in 64 4096 65536; do echo "# iterations $size: ${iters[$size]}"; done
  echo "# run tool size round usec/iter (short: N iterations, long: 4N)"
  pingpong_rounds "$rounds" "c java" 64 4096 65536
} > "$log.new"
mv "$log.new" "$log"
java -cp bench/target/classes rdma.bench.report.RcPingpongPage "$log" docs/benchmarks.md
