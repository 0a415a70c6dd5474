#!/usr/bin/env bash
# Chapter 07 against perftest's ib_write_bw, in one session, runs alternating: a 1 GiB file from
# the page cache (the lab's tmpfs) with the chapter's default chunk size and depth, the same
# chapter's transport alone (bench's TransportAlone: its ring, WRITE WITH IMMEDIATE and credits,
# no file and no hash), and ib_write_bw moving the same bytes with the same message size and queue
# depth. The transport runs three ways: both sides polling (chapter 07's), the receiver sleeping
# on events while the sender polls (as ib_write_bw's sides wait), and both on events (chapter 08's);
# ib_write_bw runs again asking for a completion per message, as chapter 07 does. The whole transfer
# runs with the JVM's own compilers, with C1 only (as the lab's tests run), and through chapter 08.
# Then where the time goes (the machine's CPU during ib_write_bw, SHA-256 on one thread, each
# thread's CPU in the whole transfer, sampled from /proc) and the sweep that chose the defaults.
# This script only runs and records, into bench/logs/file-transfer.log;
# rdma.bench.report.FileTransferPage renders the section of docs/benchmarks.md from that log.
#
#   mvn -q install -DskipTests && LAB_MEMORY=8G lab/run bench/file-transfer.sh   # in the soft-RoCE lab
#   bench/file-transfer.sh rxe0 rxe1 1                                           # or: server dev, client dev, GID index
#
# The lab needs 8G: the file and its copy live in its memory. Environment: ROUNDS (default 3); MIB
# (default 1024), the file's size, less only to try the script out.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

bench_devices "$@"
rounds=${ROUNDS:-3}
size=$((${MIB:-1024} << 20)) # the file's bytes

classpath="$(chapter_classpath):$PWD/bench/target/classes"
work=$(mktemp -d /tmp/bench-file-transfer.XXXXXX)
trap 'rm -rf "$work"' EXIT

# The lab sets -XX:TieredStopAtLevel=1 for every JVM (its tests are short); each run here says its own.
# A JVM that crashes writes its report beside the run's outputs, not into the repository.
java_with() {
  local jit=$1; shift
  JAVA_TOOL_OPTIONS= java $([ "$jit" = c1 ] && echo -XX:TieredStopAtLevel=1) -XX:ErrorFile="$work/hs_err_%p.log" \
    -cp "$classpath" "$@"
}
gid_java=(); gid_c=()
[ -n "$gid" ] && gid_java=(-g "$gid") && gid_c=(-x "$gid")

# With C2 beside C1, a JVM in the lab breaks now and then: it crashes (SIGILL or SIGSEGV inside a
# method C1 compiled, at the jump HotSpot writes over its entry when C2's version replaces it), or
# the JDK's own code throws java.lang.InternalError (a String that its concatenation did not fill).
# The emulator translates code while it runs, and can run a method another vCPU is rewriting: the
# reason the lab runs every other JVM with C1 alone (docs/soft-roce.md). Whether a run whose outputs
# are the files "$@" is such a run; if so, it says how the JVM broke and counts it for the page.
jvm_broken() {
  grep -qs "A fatal error has been detected by the Java Runtime Environment\|java\.lang\.InternalError" "$@" || return 1
  echo "bench: a JVM broke: $(grep -hs -A1 "Problematic frame" "$@" | tail -n1)$(grep -hs "java\.lang\.InternalError" "$@" | head -n1)" >&2
  echo broken >> "$work/broken"
}
# Runs "$@", one run that returns 2 where the emulator broke a JVM of it, as retried (lib.sh) says.
jvm_retried() { retried "the emulator broke a JVM of the run" "$@"; }
mkdir "$work/in"
echo "bench: writing a file of $((size >> 20)) MiB of random bytes" >&2
head -c "$size" /dev/urandom > "$work/file.bin"

# The machine's CPU ticks so far: "user kernel" (kernel: system, irq and softirq, where soft-RoCE works).
cpu_ticks() { awk '/^cpu / { print $2 + $3, $4 + $7 + $8 }' /proc/stat; }
ticks_per_second=$(getconf CLK_TCK)

# A TCP port of its own for each run. The runs happen in subshells (each $(...) and <(...)), so the
# count is kept in a file: a variable of this shell would not see them count.
next_port() {
  local port=$(($(cat "$work/port" 2>/dev/null || echo 19100) + 1))
  echo "$port" > "$work/port"
  echo "$port"
}
# Stops a server started in the background: $1 is what $! said, for java_with the subshell that runs
# the function, whose child is the JVM.
stop_server() { pkill -P "$1" 2>/dev/null; kill "$1" 2>/dev/null; wait "$1" || true; }

# The JVM that "$1" (what $! said for java_with) runs: the subshell's child, or the subshell itself
# where bash ran java in its place; waits for it to start.
jvm_of() {
  local jvm
  for _ in $(seq 600); do
    [ "$(cat "/proc/$1/comm" 2>/dev/null)" = java ] && { echo "$1"; return; }
    jvm=$(pgrep -P "$1" -x java) && { echo "$jvm"; return; }
    sleep 0.1
  done
  echo "bench: no JVM started under process $1" >&2; return 1
}

# Until the JVMs "${@:3}" have ended, once a second: the machine's CPU ticks (/proc/stat), then each
# JVM's own line and its threads' (/proc/PID/task/*/stat), appended to the log $1; "complete" follows
# a sample taken while every JVM was still there, and "transfer" comes before the first sample taken
# once the sender's output $2 says that it starts sending. A cat a second: the sampler costs little.
sample_cpu() {
  local log=$1 sender_output=$2 files jvm started=; shift 2
  while :; do
    [ -z "$started" ] && grep -qs "^sender: chunks of" "$sender_output" && { started=1; echo transfer >> "$log"; }
    files=()
    for jvm; do [ -d "/proc/$jvm" ] && files+=("/proc/$jvm/stat" "/proc/$jvm/task/"*/stat); done
    [ ${#files[@]} -gt 0 ] || return 0
    { echo sample; cat /proc/stat "${files[@]}" 2>/dev/null || true; all_running "$@" && echo complete; } >> "$log"
    sleep 1
  done
}
all_running() { local jvm; for jvm; do [ -d "/proc/$jvm" ] || return 1; done; }

# One Java transfer with the JIT $1 ("default" or "c1"): chapter 07's program or, with a 4th argument
# ("events"), chapter 08's transfer waiting that way; prints "MiB/s disk-seconds" from the sender's
# result line, and leaves its CPU samples in $work/cpu.log and its two JVMs in $work/jvms.
java_run() { jvm_retried java_run_once "$@"; }
java_run_once() {
  local jit=$1 chunk=$2 depth=$3 program=(rdma.transfer.app.FileTransferMain)
  [ -n "${4:-}" ] && program=(rdma.events.app.CompChannelMain transfer --wait "$4")
  local port
  port=$(next_port)
  rm -f "$work/in/file.bin" "$work/jvms" "$work/cpu.log" "$work/client.txt"
  java_with "$jit" "${program[@]}" --server --once --dir "$work/in" -d "$server_dev" -p "$port" "${gid_java[@]}" \
    --chunk "$chunk" --depth "$depth" > "$work/server.txt" 2>&1 &
  local server=$!
  wait_listening "$port"
  java_with "$jit" "${program[@]}" -d "$client_dev" -p "$port" "${gid_java[@]}" --chunk "$chunk" --depth "$depth" \
    127.0.0.1 "$work/file.bin" > "$work/client.txt" 2>&1 &
  local client=$! receiver_jvm sender_jvm
  receiver_jvm=$(jvm_of "$server"); sender_jvm=$(jvm_of "$client")
  sample_cpu "$work/cpu.log" "$work/client.txt" "$receiver_jvm" "$sender_jvm" &
  local sampler=$!
  wait "$client" || { stop_server "$server"; wait "$sampler" || true; broken_or_failed; return; }
  wait "$server" || { wait "$sampler" || true; broken_or_failed; return; }
  wait "$sampler" || true
  echo "$receiver_jvm $sender_jvm" > "$work/jvms"
  # "file.bin: 1073741824 bytes in 41.52 s = 24.66 MiB/s (disk 0.84 s), sha256 ..."
  sed -n 's/^file\.bin: \([0-9]*\) bytes in \([0-9.]*\) s = .* (disk \([0-9.]*\) s).*/\1 \2 \3/p' "$work/client.txt" |
    awk '{ printf "%.2f %.2f\n", $1 / $2 / 1048576, $3 }'
}

# Status 2 where the emulator broke a JVM of the run that failed (jvm_broken), else 1 with
# the failed run's outputs shown.
broken_or_failed() {
  jvm_broken "$work/server.txt" "$work/client.txt" && return 2
  cat "$work/server.txt" "$work/client.txt" >&2
  return 1
}

# Chapter 07's transport alone, the same bytes, chunk and depth, the receiver waiting as $1 says and
# the sender as $2 (poll, chapter 07's, or chapter 08's events); prints its MiB/s.
transport_run() { jvm_retried transport_run_once "$@"; }
transport_run_once() {
  local port
  port=$(next_port)
  java_with default rdma.transfer.TransportAlone --wait "$1" --bytes "$size" --server -d "$server_dev" -p "$port" "${gid_java[@]}" \
    > "$work/server.txt" 2>&1 &
  local server=$!
  wait_listening "$port"
  java_with default rdma.transfer.TransportAlone --wait "$2" --bytes "$size" -d "$client_dev" -p "$port" "${gid_java[@]}" 127.0.0.1 \
    > "$work/client.txt" 2>&1 || { stop_server "$server"; broken_or_failed; return; }
  wait "$server" || { broken_or_failed; return; }
  sed -n 's/^transport: .* = \([0-9.]*\) MiB\/s$/\1/p' "$work/client.txt"
}

# ib_write_bw with the same message size and queue depth, moving the same bytes; prints its BW average
# (MiB/s) and the machine's CPU over the run, in shares of all its CPUs: "MiB/s user kernel". Retried
# where its clock estimate failed (perftest_retried in lib.sh).
c_run() { perftest_retried c_run_once "$@"; }

# One ib_write_bw run as c_run describes it; status 2, printing nothing, where its clock estimate failed.
c_run_once() {
  local chunk=$1 depth=$2 extra=("${@:3}") user0 kernel0 user1 kernel1 start end
  local port
  port=$(next_port)
  ib_write_bw -F "${gid_c[@]}" -d "$server_dev" -p "$port" -s "$chunk" -t "$depth" -n $((size / chunk)) "${extra[@]}" > "$work/server.txt" 2>&1 &
  local server=$!
  wait_listening "$port"
  read -r user0 kernel0 < <(cpu_ticks); start=$(date +%s.%N)
  ib_write_bw -F "${gid_c[@]}" -d "$client_dev" -p "$port" -s "$chunk" -t "$depth" -n $((size / chunk)) "${extra[@]}" 127.0.0.1 \
    > "$work/client.txt" 2>&1 || { stop_server "$server"; cat "$work/client.txt" >&2; return 1; }
  read -r user1 kernel1 < <(cpu_ticks); end=$(date +%s.%N)
  wait "$server" || true
  clock_failed "$work/client.txt" && return 2
  local rate
  rate=$(awk 'index($0, "BW average") { take = 1; next } take && $1 ~ /^[0-9]+$/ { print $4; exit }' "$work/client.txt")
  awk -v r="$rate" -v u=$((user1 - user0)) -v k=$((kernel1 - kernel0)) -v hz="$ticks_per_second" -v s="$start" -v e="$end" \
    -v cpus="$(nproc)" 'BEGIN { printf "%s %.2f %.2f\n", r, u / hz / (e - s) / cpus, k / hz / (e - s) / cpus }'
}

to_bytes() { numfmt --from=iec "$1"; }

# The log lines of where the last Java run's CPU went: "profile $1 $2 FIELD <CPU seconds>" (rdma.bench.report.ThreadCpu).
profile_lines_of() {
  # shellcheck disable=SC2046 # the two PIDs
  java -cp bench/target/classes rdma.bench.report.ThreadCpu "$work/cpu.log" $(cat "$work/jvms") "$ticks_per_second" profile "$1" "$2"
}

# Stops the script where a run read in a process substitution (whose failure nobody sees) gave nothing.
measured() { [ -n "$1" ] || { echo "bench: $2 failed" >&2; exit 1; }; }

chunk=1M; depth=8
log=bench/logs/file-transfer.log
exec 3> "$log.new"
{
  echo "# bench/file-transfer.sh: $server_dev and $client_dev, $rounds rounds, $((size >> 20)) MiB, --chunk $chunk --depth $depth"
  log_facts
  echo "# devices: $server_dev $client_dev"
  echo "# chunk: $chunk"
  echo "# chunk bytes: $(to_bytes $chunk)"
  echo "# depth: $depth"
  echo "# mib: $((size >> 20))"
  echo "# rate TOOL ROUND MiB/s; cpu user|kernel c ROUND share of all CPUs; disk java ROUND s;"
  echo "# profile java|java-events ROUND FIELD CPU s; hash JIT MiB/s; sweep CHUNK DEPTH MiB/s; sweep-disk CHUNK DEPTH s"
} >&3
for round in $(seq "$rounds"); do
  read -r rate user kernel < <(c_run "$(to_bytes $chunk)" "$depth")
  measured "$rate" "ib_write_bw, round $round"
  echo "rate c $round $rate" >&3; echo "cpu user c $round $user" >&3; echo "cpu kernel c $round $kernel" >&3
  # ib_write_bw asks for a completion every --cq-mod messages (at most its depth); chapter 07 for every chunk.
  read -r rate _ _ < <(c_run "$(to_bytes $chunk)" "$depth" -Q 1)
  measured "$rate" "ib_write_bw -Q 1, round $round"
  echo "rate c-q1 $round $rate" >&3
  for ways in "poll poll transport-poll" "events poll transport-events-poll" "events events transport-events"; do
    read -r receiver_wait sender_wait name <<< "$ways"
    rate=$(transport_run "$receiver_wait" "$sender_wait")
    echo "rate $name $round $rate" >&3
  done
  read -r rate disk < <(java_run default "$chunk" "$depth")
  measured "$rate" "07-file-transfer, round $round"
  { echo "rate java $round $rate"; echo "disk java $round $disk"; profile_lines_of java "$round"; } >&3
  read -r rate disk < <(java_run c1 "$chunk" "$depth")
  measured "$rate" "07-file-transfer with C1 only, round $round"
  echo "rate java-c1 $round $rate" >&3
  read -r rate disk < <(java_run default "$chunk" "$depth" events)
  measured "$rate" "08's transfer on events, round $round"
  { echo "rate java-events $round $rate"; profile_lines_of java-events "$round"; } >&3
  echo "bench: round $round done" >&2
done

# SHA-256 on one thread, as each side's hasher runs it, with the JIT $1; prints its MiB/s.
hash_rate() { jvm_retried hash_rate_once "$@"; }
hash_rate_once() {
  java_with "$1" rdma.bench.Sha256Rate 256 > "$work/hash.txt" 2> "$work/hash.err" && { cat "$work/hash.txt"; return; }
  jvm_broken "$work/hash.txt" "$work/hash.err" && return 2
  cat "$work/hash.err" >&2
  return 1
}
for jit in default c1; do
  rate=$(hash_rate "$jit")
  echo "hash $jit $rate" >&3
done

# Around the defaults: each of the two changed alone, both ways.
for point in "256K 8" "4M 8" "1M 2" "1M 16"; do
  read -r chunk_option depth_option <<< "$point"
  read -r rate disk_seconds < <(java_run default "$chunk_option" "$depth_option")
  measured "$rate" "the sweep's --chunk $chunk_option --depth $depth_option"
  echo "bench: sweep: --chunk $chunk_option --depth $depth_option: $rate MiB/s" >&2
  { echo "sweep $chunk_option $depth_option $rate"; echo "sweep-disk $chunk_option $depth_option $disk_seconds"; } >&3
done
echo "# broken: $( [ -f "$work/broken" ] && wc -l < "$work/broken" || echo 0)" >&3
exec 3>&-
mv "$log.new" "$log"
java -cp bench/target/classes rdma.bench.report.FileTransferPage "$log" docs/benchmarks.md
