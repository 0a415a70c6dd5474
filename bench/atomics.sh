#!/usr/bin/env bash
# Chapter 10 against perftest's ib_atomic_lat and ib_atomic_bw, both atomic types, on the same
# devices in one session, runs alternating so that drift hits both alike; then the chapter's shared
# counter with 1, 2 and 4 clients. This script only runs and records, into bench/logs/atomics.log;
# rdma.bench.report.AtomicsPage renders the section of docs/benchmarks.md from that log.
#
#   mvn -q install -DskipTests && lab/run bench/atomics.sh      # in the soft-RoCE lab
#   bench/atomics.sh rxe0 rxe1 1                                # or: server dev, client dev, GID index
#
# Environment: ROUNDS (default 5) runs of each tool per type and test, and of the counter per
# number of clients.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

bench_devices "$@"
rounds=${ROUNDS:-5}
port=19000
log=bench/logs/atomics.log
java_tool=(java -cp "$(chapter_classpath)" rdma.atomics.perf.AtomicMain)
c_args=(-F); [ -n "$gid" ] && c_args+=(-x "$gid")
declare -A iters=([lat]=1000 [bw]=5000)
# perftest's latency table: t_typical is column 5; its bandwidth table: MsgRate (Mpps) is column 5.
declare -A header=([lat]=t_typical [bw]="BW average")

# One round of test $1 with atomic type $2, C then Java: log lines "$1 c $2 $3 <value>" and "$1 java ...".
record_round() {
  local test=$1 type=$2 round=$3 c java
  local java_test=("${java_tool[@]}" "${gid_args[@]}")
  [ "$test" = bw ] && java_test+=(--bw)
  port=$((port + 2))
  c=$(perftest_pair "$port" "ib_atomic_$test" "${c_args[@]}" -A "$type" -n "${iters[$test]}" | table_value "${header[$test]}" 5)
  [ -n "$c" ] || { echo "bench: atomics $test $type round $round: C failed" >&2; cat /tmp/bench-client.txt /tmp/bench-server.txt >&2; exit 1; }
  java=$(run_pair $((port + 1)) "${java_test[@]}" -A "$type" -n "${iters[$test]}" | table_value "${header[$test]}" 5)
  echo "bench: atomics $test $type round $round: C $c, Java ${java:-failed}" >&2
  [ -n "$java" ] || { cat /tmp/bench-client.txt /tmp/bench-server.txt >&2; exit 1; }
  echo "$test c $type $round $c"
  echo "$test java $type $round $java"
}

# One run of the shared counter with $1 clients: "counter java $1 $2 <FETCH_AND_ADDs a second>".
counter_round() {
  local rate
  rate=$("${java_tool[@]}" --clients "$1" -n "${iters[bw]}" -p 19500 | sed -n 's/^  together: .*, \([0-9]*\) a second$/\1/p')
  echo "bench: atomics counter $1 clients round $2: ${rate:-failed} a second" >&2
  [ -n "$rate" ] || exit 1
  echo "counter java $1 $2 $rate"
}

{
  echo "# bench/atomics.sh: $server_dev and $client_dev${gid:+, GID index $gid}, $rounds rounds"
  log_facts
  echo "# devices: $server_dev $client_dev"
  echo "# gid: ${gid:-none}"
  echo "# lat iters: ${iters[lat]}"
  echo "# bw iters: ${iters[bw]}"
  echo "# counter iters: ${iters[bw]}"
  echo "# test tool type round value (lat: t_typical usec; bw: MsgRate Mpps); counter java clients round a-second"
  for test in lat bw; do
    for type in FETCH_AND_ADD CMP_AND_SWAP; do
      for round in $(seq "$rounds"); do record_round "$test" "$type" "$round"; done
    done
  done
  for round in $(seq "$rounds"); do
    for clients in 1 2 4; do counter_round "$clients" "$round"; done
  done
} > "$log.new"
mv "$log.new" "$log"
java -cp bench/target/classes rdma.bench.report.AtomicsPage "$log" docs/benchmarks.md
