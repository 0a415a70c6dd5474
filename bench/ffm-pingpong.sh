#!/usr/bin/env bash
# Chapter 04's pingpong with its data path through java.lang.foreign (appendix-ffm), beside the
# same program through JNA and rdma-core's ibv_rc_pingpong, on the same devices in one session,
# runs alternating, each side on a CPU of its own. Each tool runs N and 4N iterations: the
# N-iteration run's usec/iter is the whole run as every tool reports it (JIT warm-up included, for
# Java), and lib.sh's steady_of the two is the cost of the extra iterations alone, the steady
# state, as perftest separates its warm-up. A ratio is the median of each round's own ratio, runs
# a minute apart, not a ratio of medians. This script only runs and records, into
# bench/logs/ffm-pingpong.log; rdma.bench.report.FfmPingpongPage renders the section of
# docs/benchmarks.md from that log.
#
#   JAVA_HOME=<JDK 22+> mvn -q install -DskipTests && lab/run bench/ffm-pingpong.sh   # in the lab
#   bench/ffm-pingpong.sh rxe0 rxe1 1                 # or: server dev, client dev, GID index
#
# Environment: ROUNDS (default 7, where the chapters' benchmarks run 5: the lab spoils a round or
# two of a session, and a median of 7 moves less for them) rounds per size; SIZES (default
# "64 4096"); JAVA22_HOME, the JDK both Java routes run on (default: the newest of 22 or later
# under /usr/lib/jvm).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

bench_devices "$@"
rounds=${ROUNDS:-7}
sizes=${SIZES:-64 4096}
jdk=$(newer_jdk)
[ -x "$jdk/bin/java" ] || { echo "bench: the appendix needs a JDK of 22 or later: set JAVA22_HOME" >&2; exit 2; }
[ -d appendix-ffm/target/classes ] || { echo "bench: build the appendix first: JAVA_HOME=$jdk mvn -q install -DskipTests" >&2; exit 2; }

# Both Java routes on the same JDK, so that only the route differs.
jna_tool=("$jdk/bin/java" -cp "$(chapter_classpath)" rdma.pingpong.rc.RcPingpongMain)
ffm_tool=("$jdk/bin/java" --enable-native-access=ALL-UNNAMED -cp "$PWD/appendix-ffm/target/classes:$(chapter_classpath)"
  rdma.foreign.app.ForeignMain pingpong)
c_tool=(ibv_rc_pingpong)
declare -A iters=([64]=10000 [4096]=3000)
port=18900

log=bench/logs/ffm-pingpong.log
{
  echo "# bench/ffm-pingpong.sh: $server_dev and $client_dev${gid:+, GID index $gid}, $rounds rounds"
  log_facts
  echo "# jdk: $(jdk_version "$jdk")"
  echo "# devices: $server_dev $client_dev"
  echo "# gid: ${gid:-none}"
  for size in $sizes; do echo "# iterations $size: ${iters[$size]}"; done
  echo "# run tool size round usec/iter (short: N iterations, long: 4N)"
  pingpong_rounds "$rounds" "c jna ffm" $sizes
} > "$log.new"
mv "$log.new" "$log"
"$jdk/bin/java" -cp bench/target/classes rdma.bench.report.FfmPingpongPage "$log" docs/benchmarks.md
