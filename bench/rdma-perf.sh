#!/usr/bin/env bash
# One-sided verbs against perftest, on the same devices in one session, runs alternating so that
# drift hits both alike: chapter 05 against ib_write_lat and ib_write_bw ("write"), chapter 06
# against ib_read_lat and ib_read_bw ("read"), at 64 B, 4 KiB and 64 KiB; for write, chapter 05's
# latency with IBV_SEND_INLINE and without; then, where perf can sample every CPU, where a
# minute-long 64 B latency run of each tool spends its CPU. This script only runs and records, into
# bench/logs/rdma-VERB.log; rdma.bench.report.RdmaPerfPage renders the section of
# docs/benchmarks.md from that log.
#
#   mvn -q install -DskipTests && lab/run bench/rdma-perf.sh write      # in the soft-RoCE lab
#   bench/rdma-perf.sh read rxe0 rxe1 1                                 # or: verb, server dev, client dev, GID index
#
# Environment: ROUNDS (default 5) runs of each tool per size and test.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

verb=${1:?usage: bench/rdma-perf.sh write|read [server-dev client-dev gid-index]}
shift
bench_devices "$@"
rounds=${ROUNDS:-5}
case "$verb" in
  write) main=rdma.write.perf.RdmaWriteMain; port=18800 ;;
  read) main=rdma.read.perf.RdmaReadMain; port=18900 ;;
  *) echo "bench: the verb is write or read, not $verb" >&2; exit 2 ;;
esac
log=bench/logs/rdma-$verb.log
java_tool=(java -cp "$(chapter_classpath)" "$main" "${gid_args[@]}")
c_args=(-F); [ -n "$gid" ] && c_args+=(-x "$gid")
declare -A iters=([lat]=1000 [bw]=2000)
# perftest's latency table: t_typical is column 5 (t_avg 6); its bandwidth table: BW average is column 4.
declare -A header=([lat]=t_typical [bw]="BW average") column=([lat]=5 [bw]=4)

# One round of test $1 at size $2, C then Java: log lines "$1 c $2 $3 <value>" and "$1 java ...".
# Java sends inline what C did: perftest sends nothing inline on a device it does not know.
record_round() {
  local test=$1 size=$2 round=$3 c_report c java
  local java_test=("${java_tool[@]}")
  [ "$test" = bw ] && java_test+=(--bw)
  port=$((port + 2))
  c_report=$(perftest_pair "$port" "ib_${verb}_$test" "${c_args[@]}" -s "$size" -n "${iters[$test]}")
  c=$(table_value "${header[$test]}" "${column[$test]}" <<< "$c_report")
  # Checked before Java's run, whose outputs would take the place of C's in the files shown.
  [ -n "$c" ] || { echo "bench: $verb $test $size round $round: C failed" >&2; cat /tmp/bench-client.txt /tmp/bench-server.txt >&2; exit 1; }
  if [ "$verb" = write ]; then
    java_test+=(-I "$(inline_of "$c_report")")
    [ "$test.$size.$round" = lat.64.1 ] && echo "# c inline: $(inline_of "$c_report")"
  fi
  java=$(run_pair $((port + 1)) "${java_test[@]}" -s "$size" -n "${iters[$test]}" | table_value "${header[$test]}" "${column[$test]}")
  echo "bench: $verb $test $size round $round: C $c, Java ${java:-failed}" >&2
  [ -n "$java" ] || { cat /tmp/bench-client.txt /tmp/bench-server.txt >&2; exit 1; }
  echo "$test c $size $round $c"
  echo "$test java $size $round $java"
}

# IBV_SEND_INLINE's effect, Java alone (C cannot show it where perftest turns inline off): a 64-byte
# write's t_typical sent inline and not, one round: "inline on 64 <round> <usec>", "inline off ...".
inline_round() {
  local on off
  port=$((port + 2))
  on=$(run_pair "$port" "${java_tool[@]}" -I 64 -s 64 -n 1000 | table_value t_typical 5)
  off=$(run_pair $((port + 1)) "${java_tool[@]}" -I 0 -s 64 -n 1000 | table_value t_typical 5)
  echo "bench: write lat 64 inline round $1: -I 64 ${on:-failed}, -I 0 ${off:-failed} usec" >&2
  [ -n "$on" ] && [ -n "$off" ] || { cat /tmp/bench-client.txt /tmp/bench-server.txt >&2; exit 1; }
  echo "inline on 64 $1 $on"
  echo "inline off 64 $1 $off"
}

# Where the CPU of a 64 B latency run of tool $1 (c or java) goes: a run of about a minute (its
# iterations from this session's median t_typical, $2 usec; a write's is half a round trip),
# profiled in its middle (profiled_pair; Java sends inline what C did at 64 B). Log lines "profile $1 ..." and "wall $1 <usec>", the
# run's mean time a round trip.
profile_tool() {
  local tool=$1 typical=$2 trips=1 data n report average
  [ "$verb" = write ] && trips=2
  n=$(awk -v u="$typical" -v k="$trips" 'BEGIN { printf "%d", 60e6 / (u * k) }')
  data=$(mktemp)
  port=$((port + 2))
  if [ "$tool" = c ]; then
    report=$(perftest_retried perftest_checked profiled_pair "$data" "$port" "ib_${verb}_lat" "${c_args[@]}" -s 64 -n "$n")
    profile_lines "$data" "ib_${verb}_lat" "profile c"
  else
    report=$(profiled_pair "$data" "$port" "${java_tool[@]}" "${java_inline[@]}" -s 64 -n "$n")
    profile_lines "$data" java "profile java"
  fi
  rm -f "$data" "$data".*
  average=$(table_value t_typical 6 <<< "$report")
  [ -n "$average" ] || { cat /tmp/bench-client.txt /tmp/bench-server.txt >&2; exit 1; }
  echo "bench: $verb lat 64 profile of $tool, $n iterations, t_avg $average usec" >&2
  echo "wall $tool $(awk -v a="$average" -v k="$trips" 'BEGIN { printf "%.2f", a * k }')"
}

{
  echo "# bench/rdma-perf.sh $verb: $server_dev and $client_dev${gid:+, GID index $gid}, $rounds rounds"
  log_facts
  echo "# verb: $verb"
  echo "# devices: $server_dev $client_dev"
  echo "# gid: ${gid:-none}"
  echo "# lat iters: ${iters[lat]}"
  echo "# bw iters: ${iters[bw]}"
  echo "# test tool size round value (lat: t_typical usec; bw: BW average MB/sec)"
  for test in lat bw; do
    for size in 64 4096 65536; do
      for round in $(seq "$rounds"); do record_round "$test" "$size" "$round"; done
    done
  done
  if [ "$verb" = write ]; then
    for round in $(seq "$rounds"); do inline_round "$round"; done
  fi
} > "$log.new"

if perf_samples_all; then
  # For write, -I with what ib_write_lat sent inline; READs carry no inline data.
  java_inline=()
  [ "$verb" = write ] && java_inline=(-I "$(sed -n 's/^# c inline: //p' "$log.new")")
  {
    profile_tool c "$(awk '$1 == "lat" && $2 == "c" && $3 == 64 { print $5 }' "$log.new" | median)"
    profile_tool java "$(awk '$1 == "lat" && $2 == "java" && $3 == 64 { print $5 }' "$log.new" | median)"
  } >> "$log.new"
fi
mv "$log.new" "$log"
java -cp bench/target/classes rdma.bench.report.RdmaPerfPage "$log" docs/benchmarks.md
