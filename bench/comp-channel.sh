#!/usr/bin/env bash
# Chapter 08's three ways to wait, measured in one session: the pingpong at 64 B and 4 KiB in
# each mode next to ibv_rc_pingpong without and with -e (latency, and CPU time per iteration of
# both sides; each run at N and 4N iterations, so that the steady state shows apart from what a
# run pays once; each side on a CPU of its own, and at 64 B on events also both on one CPU and
# wherever the scheduler puts them), the file transfer of 1 GiB in each mode (CPU seconds of both
# sides), a pingpong server whose client stopped (its wait's CPU, connected and idle), a
# receiver waiting for senders (its CPU over 10 s), and, where perf can sample every CPU, where
# the CPU of a pingpong on events goes at each size, C's and Java's. This script only runs and
# records, into bench/logs/comp-channel.log; rdma.bench.report.CompChannelPage renders the section
# of docs/benchmarks.md from that log.
#
#   mvn -q install -DskipTests && LAB_MEMORY=8G lab/run bench/comp-channel.sh   # in the soft-RoCE lab
#   bench/comp-channel.sh rxe0 rxe1 1                                           # or: server dev, client dev, GID index
#
# Environment: ROUNDS (default 5) runs of each pingpong; ITERS (default 5000) iterations in the short one;
# MIB (default 1024) the transferred file's size, less only to try the script out.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

bench_devices "$@"
rounds=${ROUNDS:-5}
iters=${ITERS:-5000}
mib=${MIB:-1024}

java_tool=(java -cp "$(chapter_classpath)" rdma.events.app.CompChannelMain)
work=$(mktemp -d /tmp/bench-comp-channel.XXXXXX)
trap 'rm -rf "$work"' EXIT
port=19300

# CPU seconds (user + system) a finished command used, from GNU time's output file.
cpu_of() { awk '{ print $1 + $2 }' "$1"; }

# ibv_rc_pingpong -e paying for the usual way to wait with a timeout, a poll(2) before each read
# (bench/src/main/c/poll-first.c, loaded with LD_PRELOAD), which chapter 08's waiter made until its
# watchdog took the timeout off the sleeping thread: what C's wait would cost
# with the same guarantee that a vanished peer cannot make it sleep for ever.
gcc -O2 -Wall -Wextra -shared -fPIC -o "$work/poll-first.so" bench/src/main/c/poll-first.c -ldl

# Where a pingpong's two sides run (lib.sh's side_cpus): every pingpong runs apart, each side on a
# CPU of its own, unless a loop below says otherwise.
placement=apart
cpus_of() { side_cpus "$1" "$placement"; }

# One pingpong, server and client in processes of their own, the same options; prints
# "usec/iter cpu-seconds-per-1000-iterations" (both processes' CPU). For Java, the CPU its loop
# used, which the program reports (its JVM's start-up is not the pingpong's cost); for C, all of it.
pingpong() {
  local tool=$1 size=$2 iters=$3; shift 3
  port=$((port + 1))
  local command
  case $tool in
    c) command=(ibv_rc_pingpong) ;;
    c-poll-first) command=(env LD_PRELOAD="$work/poll-first.so" ibv_rc_pingpong) ;;
    *) command=("${java_tool[@]}" pingpong) ;;
  esac
  /usr/bin/time -f "%U %S" -o "$work/server.time" taskset -c "$(cpus_of server)" "${command[@]}" "$@" -d "$server_dev" \
    -p "$port" "${gid_args[@]}" -s "$size" -n "$iters" > "$work/server.txt" 2>&1 &
  local server=$!
  wait_listening "$port"
  /usr/bin/time -f "%U %S" -o "$work/client.time" taskset -c "$(cpus_of client)" "${command[@]}" "$@" -d "$client_dev" \
    -p "$port" "${gid_args[@]}" -s "$size" -n "$iters" 127.0.0.1 > "$work/client.txt" 2>&1 ||
    { kill "$server" 2>/dev/null; cat "$work/client.txt" >&2; return 1; }
  wait "$server" || { cat "$work/server.txt" >&2; return 1; }
  local usec cpu
  usec=$(sed -n 's/.* iters in .* seconds = \([0-9.]*\) usec\/iter/\1/p' "$work/client.txt")
  if [ "$tool" != java ]; then
    cpu=$(awk -v a="$(cpu_of "$work/server.time")" -v b="$(cpu_of "$work/client.time")" -v n="$iters" \
      'BEGIN { printf "%.3f", (a + b) / n * 1000 }')
  else
    # "loop CPU: 0.812 s user+system for 5000 iterations"
    cpu=$(cat "$work/server.txt" "$work/client.txt" | sed -n 's/^loop CPU: \([0-9.]*\) s .*/\1/p' |
      awk -v n="$iters" '{ sum += $1 } END { printf "%.3f", sum / n * 1000 }')
  fi
  echo "$usec $cpu"
}

# The tools, as the log names them, and their options: "c-e" is ibv_rc_pingpong -e, "c-poll-first-e"
# the same with poll-first.so; "java-events" is 08 pingpong --wait events.
tools=(c c-e c-poll-first-e java-poll java-events java-adaptive)
declare -A tool_commands=([c]="c" [c-e]="c -e" [c-poll-first-e]="c-poll-first -e" [java-poll]="java --wait poll"
  [java-events]="java --wait events" [java-adaptive]="java --wait adaptive")
# The options of a tool ("-e"), printed with printf: echo would take "-e" for an option of its own.
tool_options() { local command=${tool_commands[$1]}; [ "$command" != "${command%% *}" ] && printf '%s\n' "${command#* }" || true; }
tool_program() { local command=${tool_commands[$1]}; echo "${command%% *}"; }

# Every round runs each tool once, one after another, so that the lab's speed, which drifts over
# minutes, weighs on every tool alike. Each run at N and 4N iterations: log lines "usec short TOOL
# PLACEMENT SIZE ROUND <usec/iter>", "usec long ...", and "cpu short|long ..." (CPU s per 1000
# iterations, both sides).
measure() {
  local size=$1 tool=$2 options usec cpu long_usec long_cpu
  options=$(tool_options "$tool")
  read -r usec cpu < <(pingpong "$(tool_program "$tool")" "$size" "$iters" $options)
  read -r long_usec long_cpu < <(pingpong "$(tool_program "$tool")" "$size" $((4 * iters)) $options)
  [ -n "$long_cpu" ] || { echo "bench: the pingpong of $tool at $size B failed" >&2; exit 1; }
  echo "bench: round $round, pingpong $size B, $tool, sides $placement: $usec and $long_usec usec/iter," \
    "$cpu and $long_cpu CPU s per 1000 iterations" >&2
  echo "usec short $tool $placement $size $round $usec"
  echo "usec long $tool $placement $size $round $long_usec"
  echo "cpu short $tool $placement $size $round $cpu"
  echo "cpu long $tool $placement $size $round $long_cpu"
}

log=bench/logs/comp-channel.log
exec 3> "$log.new"
{
  echo "# bench/comp-channel.sh: $server_dev and $client_dev${gid:+, GID index $gid}, $rounds rounds of $iters and $((4 * iters)) iterations"
  log_facts
  echo "# devices: $server_dev $client_dev"
  echo "# iterations: $iters"
  echo "# mib: $mib"
} >&3
for round in $(seq "$rounds"); do
  for size in 64 4096; do
    for tool in "${tools[@]}"; do
      measure "$size" "$tool" >&3
    done
  done
  for placement in shared free; do
    for tool in c-e java-events; do
      measure 64 "$tool" >&3
    done
  done
  placement=apart
done

# The transfer: 1 GiB in each mode, CPU of both processes, JVM start-ups included.
echo "bench: writing a file of $mib MiB of random bytes" >&2
head -c $((mib << 20)) /dev/urandom > "$work/file.bin"
mkdir "$work/in"
for mode in poll events adaptive; do
  port=$((port + 1))
  rm -f "$work/in/file.bin"
  /usr/bin/time -f "%U %S" -o "$work/server.time" "${java_tool[@]}" transfer --server --once --wait "$mode" --dir "$work/in" \
    -d "$server_dev" -p "$port" "${gid_args[@]}" > "$work/server.txt" 2>&1 &
  server=$!
  wait_listening "$port"
  /usr/bin/time -f "%U %S" -o "$work/client.time" "${java_tool[@]}" transfer --wait "$mode" -d "$client_dev" -p "$port" \
    "${gid_args[@]}" 127.0.0.1 "$work/file.bin" > "$work/client.txt" 2>&1 || { cat "$work/client.txt" >&2; exit 1; }
  wait "$server"
  seconds=$(sed -n 's/^file\.bin: [0-9]* bytes in \([0-9.]*\) s .*/\1/p' "$work/client.txt")
  cpu=$(awk -v a="$(cpu_of "$work/server.time")" -v b="$(cpu_of "$work/client.time")" 'BEGIN { printf "%.1f", a + b }')
  echo "bench: transfer, --wait $mode: $seconds s, $cpu CPU s" >&2
  echo "transfer seconds $mode $seconds" >&3
  echo "transfer cpu $mode $cpu" >&3
done

# A pingpong server connected and waiting: its client is stopped (SIGSTOP) mid-run, and the
# server's CPU over 5 s is what its wait costs with nothing arriving (before its 10 s patience ends).
for tool in c c-e java-poll java-events java-adaptive; do
  port=$((port + 1))
  # C's stdout is a file here: line-buffered (stdbuf), or its address lines would come at its exit.
  if [ "$(tool_program "$tool")" = c ]; then command=(stdbuf -oL ibv_rc_pingpong); else command=("${java_tool[@]}" pingpong); fi
  options=$(tool_options "$tool")
  "${command[@]}" $options -d "$server_dev" -p "$port" "${gid_args[@]}" -n 100000000 > "$work/server.txt" 2>&1 &
  server=$!
  wait_listening "$port"
  "${command[@]}" $options -d "$client_dev" -p "$port" "${gid_args[@]}" -n 100000000 127.0.0.1 > "$work/client.txt" 2>&1 &
  client=$!
  # Until the client is connected (it printed the server's address; a JVM may take half a minute
  # to get there under emulation), then its loop runs for a while.
  for _ in $(seq 1200); do grep -q 'remote address' "$work/client.txt" && break; sleep 0.1; done
  sleep 5
  kill -STOP "$client"; sleep 1
  ticks() { awk '{ print $14 + $15 }' "/proc/$server/stat"; }
  before=$(ticks); sleep 5; after=$(ticks)
  echo "bench: server of a stopped client, $tool: state $(cut -d' ' -f3 "/proc/$server/stat"), in $(cat "/proc/$server/wchan")," \
    "$(grep -c . "$work/client.txt") lines from the client" >&2
  kill -9 "$client" "$server" 2>/dev/null; wait "$client" "$server" 2>/dev/null || true
  share=$(awk -v t=$((after - before)) -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.1f", t / hz / 5 * 100 }')
  echo "bench: server of a stopped client, $tool: $share% of a core" >&2
  echo "stopped $tool $share" >&3
done

# A receiver waiting for senders: its CPU over 10 s, once it is listening.
for mode in poll events adaptive; do
  port=$((port + 1))
  "${java_tool[@]}" transfer --server --wait "$mode" --dir "$work/in" -d "$server_dev" -p "$port" "${gid_args[@]}" \
    > "$work/server.txt" 2>&1 &
  server=$!
  wait_listening "$port"
  sleep 15 # the JVM's start-up work (compiling what it ran first) goes on a while after it listens
  ticks() { awk '{ print $14 + $15 }' "/proc/$server/stat"; }
  before=$(ticks); sleep 10; after=$(ticks)
  kill "$server"; wait "$server" 2>/dev/null || true
  share=$(awk -v t=$((after - before)) -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.1f", t / hz / 10 * 100 }')
  echo "bench: idle receiver, --wait $mode: $share% of a core" >&2
  echo "idle $mode $share" >&3
done

# Where the CPU of a pingpong goes, waiting on events, C and Java, at each size: perf samples
# every CPU for 8 s in the middle of a run of about a minute (its length from the rounds' usec/iter
# of the longer runs), each side on a CPU of its own as in the first table, and each sample of the
# tool's processes (the Java main thread's, for Java: its data loop) is logged by where it was
# (lib.sh's profile_lines: "profile TOOL SIZE ..."), with the run's usec/iter ("wall TOOL SIZE ...")
# and its iterations ("# profile iterations TOOL SIZE: n").
profile() {
  local tool=$1 size=$2 comm command n usec typical
  port=$((port + 1))
  typical=$(awk -v t="$tool" -v s="$size" '$1 == "usec" && $2 == "long" && $3 == t && $4 == "apart" && $5 == s { print $7 }' "$log.new" | median)
  n=$(awk -v u="$typical" 'BEGIN { printf "%d", 60e6 / u / 1000 + 1 }')000
  if [ "$(tool_program "$tool")" = c ]; then command=(ibv_rc_pingpong); comm=ibv_rc_pingpong; else command=("${java_tool[@]}" pingpong); comm=java; fi
  local options
  options=$(tool_options "$tool")
  taskset -c "$(cpus_of server)" "${command[@]}" $options -d "$server_dev" -p "$port" "${gid_args[@]}" -s "$size" -n "$n" \
    > "$work/server.txt" 2>&1 &
  local server=$!
  wait_listening "$port"
  taskset -c "$(cpus_of client)" "${command[@]}" $options -d "$client_dev" -p "$port" "${gid_args[@]}" -s "$size" -n "$n" 127.0.0.1 \
    > "$work/client.txt" 2>&1 &
  local client=$!
  sleep 25
  perf record -q -a -e cpu-clock -F 1000 -o "$work/perf.data" -- sleep 8 2> /dev/null
  wait "$client" "$server"
  usec=$(sed -n 's/.* iters in .* seconds = \([0-9.]*\) usec\/iter/\1/p' "$work/client.txt")
  [ -n "$usec" ] || { cat "$work/client.txt" "$work/server.txt" >&2; exit 1; }
  echo "bench: profile of $tool at $size B, $n iterations: $usec usec/iter" >&2
  echo "# profile iterations $tool $size: $n"
  echo "wall $tool $size $usec"
  profile_lines "$work/perf.data" "$comm" "profile $tool $size"
}

if perf_samples_all; then
  for size in 64 4096; do
    profile c-e "$size" >&3
    profile java-events "$size" >&3
  done
fi
exec 3>&-
mv "$log.new" "$log"
java -cp bench/target/classes rdma.bench.report.CompChannelPage "$log" docs/benchmarks.md
