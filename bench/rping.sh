#!/usr/bin/env bash
# Chapter 09 against rdma-core's rping, on the same devices in one session, alternating rounds:
# the time from a client's start to its connection's ESTABLISHED (each client against C's server),
# and the time per validated ping at 64 B and 4 KiB (each client against its own kind of server).
# Writes its section of docs/benchmarks.md.
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

# The connection: each client against C's server, 1 ping, with -d.
declare -A connect=() cm=()
for round in $(seq "$rounds"); do
  for kind in c java; do
    read -r ms cm_ms < <(run_pair c "$kind" 1 64 -d)
    connect[$kind]+="$ms "
    cm[$kind]+="$cm_ms "
    echo "bench: connect round $round, $kind client: $ms ms from start, $cm_ms ms from rdma_create_id, to ESTABLISHED" >&2
  done
done

# The pings: per ping, from the first ping's line to the last, so that starting and connecting are left out.
declare -A per_ping=()
for size in 64 4096; do
  for round in $(seq "$rounds"); do
    for kind in c java; do
      read -r us < <(run_pair "$kind" "$kind" "$pings" "$size" -v)
      per_ping[$kind.$size]+="$us "
      echo "bench: ping round $round, $size B, $kind: $us us/ping" >&2
    done
  done
done

med() { printf '%s\n' $1 | median; }
c_connect=$(med "${connect[c]}"); j_connect=$(med "${connect[java]}")
c_cm=$(med "${cm[c]}"); j_cm=$(med "${cm[java]}")
rows=()
for size in 64 4096; do
  c=$(med "${per_ping[c.$size]}"); j=$(med "${per_ping[java.$size]}")
  rows+=("| $size B | $c | $j | $(ratio "$j" "$c")x |")
done
where=$( [ "${RDMA_LAB:-}" = 1 ] && echo "the soft-RoCE lab (qemu without hardware virtualisation, 2 vCPUs, the JVM with C1 only: see docs/soft-roce.md)" || echo "$(uname -n), $(nproc) CPUs")

write_section rping <<SECTION
## Chapter 09: rping against rping, in the lab

Measured by \`bench/rping.sh\` on $(date -u +%Y-%m-%d), server at $server_ip, client from $client_ip,
$rounds alternating rounds; each cell is the median.

The connection, a client against C's server, with \`-d\` (each tool prints a line after
\`rdma_create_id\` and one for each event; every line is stamped as it arrives), in milliseconds:

| client | start to ESTABLISHED | rdma_create_id to ESTABLISHED |
| --- | --- | --- |
| C | $c_connect | $c_cm |
| Java | $j_connect | $j_cm |

From the start, Java/C is $(ratio "$j_connect" "$c_connect")x: the JVM's start and the loading of its classes (from
the repository's build directories, which the lab reads over 9p) are most of Java's time. From the
identifier's creation it is $(ratio "$j_cm" "$c_cm")x: the same calls to librdmacm and libibverbs, and for Java
the first use of every class the connection needs, the earlier chapters' included, each loaded over
9p and compiled by C1 at that moment. This script does not split the two (a second connection in
the same JVM would); the pings below, where every class is loaded, show the calls themselves.

A validated ping (\`-V\`: the advert SEND, the server's READ, the go-ahead, the sink's advert, the
WRITE back, the go-ahead, the comparison), each client against its own kind of server, $pings pings
with \`-v\`: the time from the line the client prints for its first ping to the line of its last,
divided by the pings between them, in microseconds (the JVM's start and the connection fall
before the first line):

| size | C us/ping | Java us/ping | Java/C |
| --- | --- | --- | --- |
$(printf '%s\n' "${rows[@]}")

Both tools wait for each completion on a completion channel (rping's CQ thread; chapter 08's
waiter), so every step of a ping includes a wake-up.

Where: $where.
Java: $(java -version 2>&1 | grep -v "^Picked up" | head -n1). rdma-core: $(dpkg-query -W -f '${Version}' rdmacm-utils 2>/dev/null || echo unknown).

To reproduce: \`mvn -q install -DskipTests && lab/run bench/rping.sh\`.
SECTION
sed -n "/<!-- rping: begin -->/,/<!-- rping: end -->/p" docs/benchmarks.md
