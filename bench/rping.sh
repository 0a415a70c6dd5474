#!/usr/bin/env bash
# Chapter 09 against rdma-core's rping, on the same devices in one session, alternating rounds:
# the time from a client's start to its connection's ESTABLISHED (each client against C's server),
# and the time per validated ping at 64 B and 4 KiB (each client against its own kind of server).
# This script only runs and records, into bench/logs/rping.log; rdma.bench.report.RpingPage renders
# the section of docs/benchmarks.md from that log.
#
#   mvn -q install -DskipTests && lab/run bench/rping.sh        # in the soft-RoCE lab
#   bench/rping.sh 192.0.2.1 192.0.2.2                          # or: server address, client address
#
# Environment: ROUNDS (default 5) per measurement; PINGS (default 2000) per run.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

server_ip=${1:-192.0.2.1}
client_ip=${2:-192.0.2.2}
rounds=${ROUNDS:-5}
pings=${PINGS:-2000}
port=7400
java_tool=(java -cp "$(chapter_classpath)" rdma.cm.rping.RpingMain)
c_tool=(stdbuf -oL rping)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

now() { date +%s%N; }

# Waits until an rdma_cm identifier listens on port $1, at most a minute.
wait_cm_listening() {
  for _ in $(seq 600); do rdma resource show cm_id | grep -q "LISTEN.*:$1 " && return 0; sleep 0.1; done
  echo "bench: no cm_id listens on port $1" >&2; return 1
}

# Stamps each line of its input with the time it arrived, in ns: one process (perl), so that the
# stamping keeps up with the lines.
stamp() { perl -MTime::HiRes=time -ne 'printf "%d %s", time * 1e9, $_; $| = 1'; }

# One client run against a server of kind $1 (c or java) with the client of kind $2, $3 pings of
# $4 bytes, with $5 (-d: the events printed; -v: the pings printed), every line of the client's
# stamped. Prints "<ms from start to ESTABLISHED> <ms from the cm_id's creation to ESTABLISHED>"
# (with -d) or "<us per ping, from the first ping's line to the last>" (with -v).
run_pair() {
  local server_kind=$1 client_kind=$2 count=$3 size=$4 flag=$5 server client start
  port=$((port + 1))
  if [ "$server_kind" = c ]; then server=("${c_tool[@]}"); else server=("${java_tool[@]}"); fi
  if [ "$client_kind" = c ]; then client=("${c_tool[@]}"); else client=("${java_tool[@]}"); fi
  "${server[@]}" -s -a "$server_ip" -p "$port" -S "$size" -V > "$work/server.txt" 2>&1 &
  local server_pid=$!
  wait_cm_listening "$port"
  start=$(now)
  "${client[@]}" -c -a "$server_ip" -I "$client_ip" -p "$port" -S "$size" -C "$count" -V "$flag" 2>&1 | stamp > "$work/client.txt"
  wait "$server_pid" || true
  # -d: C prints "created cm_id" and Java "rdma_create_id" after rdma_create_id; both print the event's name.
  # -v: both print "ping data: rdma-ping-N: ..." once ping N came back.
  awk -v s="$start" -v flag="$flag" '
    /created cm_id|rdma_create_id/ && !id { id = $1 }
    /ESTABLISHED/ && !est { est = $1 }
    / ping data: rdma-ping-/ { if (!first) first = $1; last = $1; pings++ }
    END {
      if (flag == "-d") { if (!id || !est) exit 1; printf "%.1f %.1f\n", (est - s) / 1e6, (est - id) / 1e6 }
      else { if (pings < 2) exit 1; printf "%.1f\n", (last - first) / 1e3 / (pings - 1) }
    }' "$work/client.txt" || { head -c 4000 "$work/client.txt" "$work/server.txt" >&2; return 1; }
}

log=bench/logs/rping.log
{
  echo "# bench/rping.sh: server at $server_ip, client from $client_ip, $rounds rounds, $pings pings a run"
  log_facts
  echo "# rdmacm-utils: $(dpkg-query -W -f '${Version}' rdmacm-utils 2>/dev/null || echo unknown)"
  echo "# addresses: $server_ip $client_ip"
  echo "# pings: $pings"
  echo "# connect TOOL ROUND ms (start to ESTABLISHED); cm TOOL ROUND ms (rdma_create_id to ESTABLISHED); ping TOOL SIZE ROUND us"
  # The connection: each client against C's server, 1 ping, with -d.
  for round in $(seq "$rounds"); do
    for kind in c java; do
      read -r ms cm_ms < <(run_pair c "$kind" 1 64 -d)
      [ -n "${cm_ms:-}" ] || { echo "bench: the connection of round $round, $kind client, failed" >&2; exit 1; }
      echo "bench: connect round $round, $kind client: $ms ms from start, $cm_ms ms from rdma_create_id, to ESTABLISHED" >&2
      echo "connect $kind $round $ms"
      echo "cm $kind $round $cm_ms"
    done
  done
  # The pings: per ping, from the first ping's line to the last, so that starting and connecting are left out.
  for size in 64 4096; do
    for round in $(seq "$rounds"); do
      for kind in c java; do
        read -r us < <(run_pair "$kind" "$kind" "$pings" "$size" -v)
        [ -n "${us:-}" ] || { echo "bench: the pings of round $round, $size B, $kind, failed" >&2; exit 1; }
        echo "bench: ping round $round, $size B, $kind: $us us/ping" >&2
        echo "ping $kind $size $round $us"
      done
    done
  done
} > "$log.new"
mv "$log.new" "$log"
java -cp bench/target/classes rdma.bench.report.RpingPage "$log" docs/benchmarks.md
