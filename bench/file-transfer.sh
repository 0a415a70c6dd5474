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
# Writes its sections of docs/benchmarks.md.
#
#   mvn -q install -DskipTests && LAB_MEMORY=8G lab/run bench/file-transfer.sh   # in the soft-RoCE lab
#   bench/file-transfer.sh rxe0 rxe1 1                                           # or: server dev, client dev, GID index
#
# The lab needs 8G: the file and its copy live in its memory. Environment: ROUNDS (default 3).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

bench_devices "$@"
rounds=${ROUNDS:-3}
size=$((1 << 30))

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
echo "bench: writing a 1 GiB file of random bytes" >&2
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

# Where the CPU went while the file moved: the log $1 of sample_cpu, for the receiver's JVM $2 and
# the sender's $3, from the first complete sample after "transfer" to the last complete one. Prints
# CPU seconds: each side's main thread, its SHA-256 thread, its JIT compilers and the rest of it (GC,
# the VM's own threads, the watchers), then the machine's busy time outside both JVMs, its idle time
# and its whole (CPUs x seconds). A thread that ended between samples counts as it was last seen;
# what it did after that is in its JVM's rest.
cpu_profile() {
  awk -v receiver="$2" -v sender="$3" -v hz="$ticks_per_second" '
    function ticks(line,   f) {               # utime + stime: fields 14 and 15 of /proc/PID/stat
      match(line, /\(.*\)/); split(substr(line, RSTART + RLENGTH + 1), f, " ")
      return f[12] + f[13]
    }
    function role(line) {
      match(line, /\(.*\)/); name = substr(line, RSTART + 1, RLENGTH - 2)
      return name == "java" ? "main" : name ~ /-sha256$/ ? "sha256" : name ~ /^C[12] CompilerThre/ ? "jit" : "rest"
    }
    $1 == "transfer" { transfer = 1; next }
    $1 == "sample" { n = 0; next }
    $1 == "complete" && transfer {                # a whole sample: the first is the start, the last the end
      first = !started; started = 1; owner = ""
      for (i = 1; i <= n; i++) {
        split(lines[i], f, " ")
        if (f[1] == "cpu") { for (j = 2; j <= 9; j++) { machine[j] = f[j]; if (first) before[j] = f[j] } continue }
        if ((f[1] == receiver || f[1] == sender) && f[1] != owner) {
          owner = f[1]; jvm[owner] = ticks(lines[i]); if (first) jvm_before[owner] = jvm[owner]; continue
        }
        thread[f[1]] = ticks(lines[i]); kind[f[1]] = owner SUBSEP role(lines[i]); if (first) thread_before[f[1]] = thread[f[1]]
      }
      next
    }
    $1 == "cpu" || $1 ~ /^[0-9]+$/ { lines[++n] = $0 }
    END {
      for (t in thread) used[kind[t]] += thread[t] - thread_before[t]
      for (p in jvm) jvm[p] -= jvm_before[p]
      for (j = 2; j <= 9; j++) { d = machine[j] - before[j]; whole += d; if (j == 5 || j == 6) idle += d }
      split("main sha256 jit", roles, " ")
      for (s = 1; s <= 2; s++) {
        p = s == 1 ? receiver : sender; named = 0
        for (r = 1; r <= 3; r++) { v = used[p SUBSEP roles[r]]; named += v; printf "%.2f ", v / hz }
        printf "%.2f ", (jvm[p] - named) / hz
      }
      printf "%.2f %.2f %.2f\n", (whole - idle - jvm[receiver] - jvm[sender]) / hz, idle / hz, whole / hz
    }' "$1"
}

# One Java transfer with the JIT $1 ("default" or "c1"): chapter 07's program or, with a 4th argument
# ("events"), chapter 08's transfer waiting that way; prints "MiB/s disk-seconds" from the sender's
# result line, and leaves where the CPU went (cpu_profile) in $work/profile.
java_run() { jvm_retried java_run_once "$@"; }
java_run_once() {
  local jit=$1 chunk=$2 depth=$3 program=(rdma.transfer.app.FileTransferMain)
  [ -n "${4:-}" ] && program=(rdma.events.app.CompChannelMain transfer --wait "$4")
  local port
  port=$(next_port)
  rm -f "$work/in/file.bin" "$work/profile" "$work/cpu.log" "$work/client.txt"
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
  cpu_profile "$work/cpu.log" "$receiver_jvm" "$sender_jvm" > "$work/profile"
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
  java_with default rdma.transfer.TransportAlone --wait "$1" --server -d "$server_dev" -p "$port" "${gid_java[@]}" \
    > "$work/server.txt" 2>&1 &
  local server=$!
  wait_listening "$port"
  java_with default rdma.transfer.TransportAlone --wait "$2" -d "$client_dev" -p "$port" "${gid_java[@]}" 127.0.0.1 \
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

chunk=1M; depth=8
c_values=(); cq_values=(); t_values=(); tm_values=(); te_values=(); j_values=(); disk_values=(); c1_values=(); je_values=()
user_values=(); kernel_values=(); j_profiles=(); je_profiles=()
for round in $(seq "$rounds"); do
  read -r rate user kernel < <(c_run "$(to_bytes $chunk)" "$depth")
  c_values+=("$rate"); user_values+=("$user"); kernel_values+=("$kernel")
  # ib_write_bw asks for a completion every --cq-mod messages (at most its depth); chapter 07 for every chunk.
  read -r rate _ _ < <(c_run "$(to_bytes $chunk)" "$depth" -Q 1)
  cq_values+=("$rate")
  t_values+=("$(transport_run poll poll)")
  tm_values+=("$(transport_run events poll)")
  te_values+=("$(transport_run events events)")
  read -r rate disk < <(java_run default "$chunk" "$depth")
  j_values+=("$rate"); disk_values+=("$disk"); j_profiles+=("$(cat "$work/profile")")
  read -r rate disk < <(java_run c1 "$chunk" "$depth")
  c1_values+=("$rate")
  read -r rate disk < <(java_run default "$chunk" "$depth" events)
  je_values+=("$rate"); je_profiles+=("$(cat "$work/profile")")
  echo "bench: round $round: ib_write_bw ${c_values[-1]} MiB/s (CPU user $user, kernel $kernel; -Q 1 ${cq_values[-1]})," \
    "transport alone ${t_values[-1]} (receiver on events ${tm_values[-1]}, both ${te_values[-1]}), 07-file-transfer" \
    "${j_values[-1]} (C1 only ${c1_values[-1]}, 08 events ${je_values[-1]}) MiB/s" >&2
  echo "bench: round $round: the whole transfer's CPU seconds (as cpu_profile prints them): polling ${j_profiles[-1]};" \
    "on events ${je_profiles[-1]}" >&2
done
c=$(median_of "${c_values[*]}"); j=$(median_of "${j_values[*]}")
disk=$(median_of "${disk_values[*]}")
user=$(median_of "${user_values[*]}"); kernel=$(median_of "${kernel_values[*]}")
# Each run against the ib_write_bw of its own round: the median of those ratios, and each of them.
of_c() { paired_median "$1" "${c_values[*]}"; }
each_of_c() { round_ratios "$1" "${c_values[*]}" | paste -sd ' '; }
# A row of the table: its name, then the runs of its tool.
row() { echo "| $1 | $(median_of "${*:2}") | $(of_c "${*:2}")x | $(each_of_c "${*:2}") |"; }
t=$(of_c "${t_values[*]}"); tm=$(of_c "${tm_values[*]}"); te=$(of_c "${te_values[*]}")
cq=$(of_c "${cq_values[*]}"); whole=$(of_c "${j_values[*]}"); whole_events=$(of_c "${je_values[*]}")
# In how many rounds the transport with both sides polling was the slowest of its three ways to wait,
# each run compared with the other two of its own round: the rounds drift apart more than that.
polling_slowest=$(for i in "${!t_values[@]}"; do
  awk -v p="${t_values[$i]}" -v m="${tm_values[$i]}" -v e="${te_values[$i]}" 'BEGIN { if (p < m && p < e) print "slowest" }'
done | wc -l)

# Where the CPU went in the whole transfer, polling and on events: the profile (cpu_profile) of the
# round whose rate was the median of its kind, so that a column adds up to the CPUs' whole time.
median_round() { tr ' ' '\n' <<<"$1" | awk '{ print $1, NR - 1 }' | sort -g | awk '{ i[NR] = $2 } END { print i[int((NR + 1) / 2)] }'; }
j_round=$(median_round "${j_values[*]}"); je_round=$(median_round "${je_values[*]}")
j_profile=${j_profiles[$j_round]}; je_profile=${je_profiles[$je_round]}
# A row: its name, then the profile field it shows, as CPU ms per MiB moved and as a share of the CPUs' time.
profile_row() {
  awk -v name="$1" -v n="$2" -v p="$j_profile" -v e="$je_profile" -v mib=$((size >> 20)) 'BEGIN {
    split(p, a, " "); split(e, b, " ")
    printf "| %s | %.0f | %.0f%% | %.0f | %.0f%% |\n", name, 1000 * a[n] / mib, 100 * a[n] / a[11], 1000 * b[n] / mib, 100 * b[n] / b[11] }'
}
profile_field() { awk -v n="$2" '{ print $n }' <<<"$1"; }
# The events run's rate had its CPUs worked through every idle moment at the same CPU per MiB, and
# that rate against the ib_write_bw of its round.
je_rate=${je_values[$je_round]}
busy_share=$(awk -v p="$je_profile" 'BEGIN { split(p, a, " "); printf "%.2f", 1 - a[10] / a[11] }')
je_ceiling=$(awk -v r="$je_rate" -v b="$busy_share" 'BEGIN { printf "%.2f", r / b }')
je_ceiling_ratio=$(ratio "$je_ceiling" "${c_values[$je_round]}")
# In how many rounds the whole transfer on events reached 0.7x of its round's ib_write_bw; how much
# faster its fastest round was than its slowest, and the same for ib_write_bw (percent).
je_reached=$(round_ratios "${je_values[*]}" "${c_values[*]}" | awk '$1 >= 0.7' | wc -l)
drift() { extremes "$@" | awk '{ printf "%.0f", 100 * ($2 / $1 - 1) }'; }
je_drift=$(drift "${je_values[@]}"); c_drift=$(drift "${c_values[@]}")
# ib_write_bw's own CPU per MiB, for comparison: its shares of the machine's CPUs over its run.
per_mib() { awk -v share="$1" -v n="$(nproc)" -v r="$c" 'BEGIN { printf "%.0f", 1000 * share * n / r }'; }

# SHA-256 on one thread, as each side's hasher runs it, with the JIT $1; prints its MiB/s.
hash_rate() { jvm_retried hash_rate_once "$@"; }
hash_rate_once() {
  java_with "$1" rdma.bench.Sha256Rate 256 > "$work/hash.txt" 2> "$work/hash.err" && { cat "$work/hash.txt"; return; }
  jvm_broken "$work/hash.txt" "$work/hash.err" && return 2
  cat "$work/hash.err" >&2
  return 1
}
hash_default=$(hash_rate default)
hash_c1=$(hash_rate c1)
# The most a verified transfer can move if nothing but soft-RoCE's kernel work (as much per MiB as
# during ib_write_bw) and the two hashes used the CPUs, all of them, all the time.
bound() { awk -v c="$c" -v k="$kernel" -v h="$1" -v n="$(nproc)" 'BEGIN { printf "%.2f", n / (n * k / c + 2 / h) }'; }
bound_default=$(bound "$hash_default"); bound_c1=$(bound "$hash_c1")
echo "bench: SHA-256 $hash_default MiB/s (C1 only $hash_c1); bounds $bound_default and $bound_c1 MiB/s" >&2

# Around the defaults: each of the two changed alone, both ways.
sweep_rows=()
for point in "256K 8" "4M 8" "1M 2" "1M 16"; do
  read -r chunk_option depth_option <<< "$point"
  read -r rate disk_seconds < <(java_run default "$chunk_option" "$depth_option")
  echo "bench: sweep: --chunk $chunk_option --depth $depth_option: $rate MiB/s" >&2
  sweep_rows+=("| $chunk_option | $depth_option | $rate | $disk_seconds |")
done
sweep_rows+=("| 1M | 8 | $j (the median above) | $disk |")

broken=0
[ -f "$work/broken" ] && broken=$(wc -l < "$work/broken")
where=$( [ "${RDMA_LAB:-}" = 1 ] && echo "the soft-RoCE lab (qemu without hardware virtualisation, $(nproc) vCPUs: see docs/soft-roce.md)" || echo "$(uname -n), $(nproc) CPUs")
percent() { awk -v v="$1" 'BEGIN { printf "%.0f%%", 100 * v }'; }
write_section "file-transfer" <<SECTION
## Chapter 07 (file transfer) against ib_write_bw, in the lab

Measured by \`bench/file-transfer.sh\` on $(date -u +%Y-%m-%d), receiver on \`$server_dev\`, sender on
\`$client_dev\`, $rounds alternating runs of each. The file is 1 GiB of random bytes in the lab's memory
(its page cache), received into the same; the chapter ran with its defaults, \`--chunk $chunk --depth $depth\`,
and \`ib_write_bw\` with the same message size and queue depth (\`-s $(to_bytes $chunk) -t $depth\`) moved the
same bytes. "Transport alone" is chapter 07's own ring, WRITE WITH IMMEDIATE and credits moving the same
bytes with no file and no hash (\`bench/src/main/java/rdma/transfer/TransportAlone.java\`). The whole
transfer is timed from the file's header to the receiver's verdict: reading the file, hashing both ends
(each side's hasher thread), writing the copy and its fsync. It ran with the JVM's own compilers (C1,
then C2 for what runs often), and again with C1 only, as the lab runs its tests. A round runs each
once, one after another; each MiB/s is the median over the rounds (perftest's "MB" is 2^20 bytes), and
each ratio the median of the rounds' own ratios, every run set beside the \`ib_write_bw\` of its round,
since the lab's speed drifts over minutes. The last column lists those ratios, round by round.
Runs in which a JVM with C2 at work crashed, or threw an \`InternalError\` from its own code, were run
again ($broken $([ "$broken" = 1 ] && echo time || echo times) in this session): the emulator can run code that HotSpot is rewriting,
as [the lab's notes](soft-roce.md) say.

| | MiB/s | of \`ib_write_bw\` | each round |
| --- | --- | --- | --- |
| \`ib_write_bw\` | $c | | |
$(row "\`ib_write_bw -Q 1\` (a completion per message)" "${cq_values[@]}")
$(row "chapter 07, transport alone, both sides polling" "${t_values[@]}")
$(row "the same, the receiver on events (chapter 08), the sender polling" "${tm_values[@]}")
$(row "the same, both sides on events" "${te_values[@]}")
$(row "\`07-file-transfer\`, whole and verified" "${j_values[@]}")
$(row "the same, C1 only" "${c1_values[@]}")
$(row "the same through chapter 08, \`transfer --wait events\`" "${je_values[@]}")

Targets: transport alone at least 0.9x: $(target at-least 0.9 "$t") polling, $(target at-least 0.9 "$tm") with the
receiver on events, $(target at-least 0.9 "$te") on events; the whole transfer at least 0.7x: $(target at-least 0.7 "$whole")
in this run.
Reading the file took $disk s of the sender's time (the median), overlapped with the network.

Where the time goes. The lab has $(nproc) emulated CPUs, and everything runs on them: both programs,
both hashes, and soft-RoCE itself, which does in the kernel what a NIC does in hardware (copying each
packet, its checksum). During \`ib_write_bw\` the machine's CPUs were $(percent "$kernel") busy in the
kernel and $(percent "$user") in user space (its sender polling). SHA-256 on one thread ran at
$hash_default MiB/s with the JVM's own compilers and $hash_c1 MiB/s with C1 only
(\`bench/src/main/java/rdma/bench/Sha256Rate.java\`, 1 MiB chunks of a direct buffer, as the hasher
hashes them). A verified transfer needs, per MiB, that kernel work plus two hashes. Even if nothing else
ran, no wait spun and every CPU were busy all the time, the lab could move at most $bound_default MiB/s of
verified file ($(ratio "$bound_default" "$c")x of \`ib_write_bw\`; $bound_c1 MiB/s, $(ratio "$bound_c1" "$c")x, with C1 only).
The measured rate falls short of that bound first because the Java transport costs more than
\`ib_write_bw\`: alone, with nothing else to do, both sides polling, it reaches ${t}x. What a completion
per message costs, C shows: \`ib_write_bw -Q 1\` asks for one, as chapter 07 does, and reached ${cq}x;
against that run of its round, the transport reached $(paired_median "${t_values[*]}" "${cq_values[*]}")x.
How the sides wait: both polling, ${t}x; the receiver sleeping on events while the sender polls, the way
\`ib_write_bw\`'s sides wait (its target sleeps on its TCP socket), ${tm}x; both sides on events, ${te}x.
Both sides polling was the slowest of the three in $polling_slowest of the $rounds rounds$( [ "$polling_slowest" = "$rounds" ] \
  && echo ": here the spinning costs the
transfer. The lab's two CPUs also run soft-RoCE's kernel work, which moves the bytes, and a receiver
that spins between chunks takes CPU from it; one that sleeps, as \`ib_write_bw\`'s target does, gives
it back." \
  || echo ": in this session the way to wait does not
explain the gap to \`ib_write_bw\` round by round.")
The whole transfer reached ${whole}x polling, and ${whole_events}x through chapter 08 on events.

Where the whole transfer's CPU went, in the round whose rate was the median (polling: round
$((j_round + 1)), $(profile_field "$j_profile" 11) s of CPU time; on events: round $((je_round + 1)), $(profile_field "$je_profile" 11) s): each JVM's
threads as the kernel counts their time (user and system), sampled from \`/proc\` once a second from
the first sample after the sender began to send to the last before a JVM ended, start-up left out. A thread's system time
includes the kernel work its system calls did; "outside the JVMs" is the rest of the busy time, mostly
soft-RoCE's work in the kernel's own contexts (and the sampler). The main threads wait (polling, or on
events), post the WRITEs and credits, and read the file (sender) or write its copy (receiver).

| | polling: CPU ms per MiB | share of the CPUs | on events: CPU ms per MiB | share of the CPUs |
| --- | --- | --- | --- | --- |
$(profile_row "sender, main thread" 5)
$(profile_row "sender, SHA-256 thread" 6)
$(profile_row "sender, JIT compilers" 7)
$(profile_row "sender, the rest of its JVM (GC, the VM's own threads, the watchers)" 8)
$(profile_row "receiver, main thread" 1)
$(profile_row "receiver, SHA-256 thread" 2)
$(profile_row "receiver, JIT compilers" 3)
$(profile_row "receiver, the rest of its JVM (GC, the VM's own threads, the watchers)" 4)
$(profile_row "outside the JVMs (soft-RoCE in the kernel)" 9)
$(profile_row "idle" 10)

\`ib_write_bw\`, for comparison, used $(per_mib "$kernel") ms of CPU per MiB in the kernel and $(per_mib "$user") in user space.
On events the CPUs were busy $(percent "$busy_share") of the time. Had they worked through every idle
moment, with the same CPU per MiB, that run would have moved $je_ceiling MiB/s, ${je_ceiling_ratio}x of
the \`ib_write_bw\` of its round: $(awk -v r="$je_ceiling_ratio" 'BEGIN { print (r < 0.7) ? "short of the 0.7x goal. In that round only less CPU work per MiB could have reached\nit, not better waiting: the work is what the hashes, the copies and soft-RoCE cost, which a NIC and spare\ncores take off these two CPUs." : "past the 0.7x goal, so in that round what kept the transfer from it was\nwaiting, not work." }')
On events the whole transfer reached 0.7x in $je_reached of the $rounds rounds. Its fastest round was
${je_drift}% faster than its slowest, \`ib_write_bw\`'s ${c_drift}%$(awk -v j="$je_drift" -v c="$c_drift" 'BEGIN {
  if (j > 2 * c) print ": a transfer that keeps the CPUs busy can move only as fast as the\nemulated CPUs run, which drifts from one quarter of an hour to the next, and `ib_write_bw` does not\nfollow that drift as closely."
  else print ": the two drifted alike." }')
On a NIC the transport costs the CPUs nothing but the posts and polls, the hashes run on cores of their
own, and the limit is the slower of the network and one core's SHA-256.

The chunk size and depth around the defaults, each changed alone (one run each, the same file, the
JVM's own compilers):

| --chunk | --depth | MiB/s | disk (s) |
| --- | --- | --- | --- |
$(printf '%s\n' "${sweep_rows[@]}")

The whole transfer's CPU is shared by more threads than cores in the lab (two programs, each with a
main thread that polls and a hasher): the hasher threads cannot run beside the transfer for free
here, as they do on a machine with cores to spare and a NIC that moves the bytes itself.

Where: $where.
Java: $(java -version 2>&1 | grep -v "^Picked up" | head -n1). perftest: $(dpkg-query -W -f '${Version}' perftest 2>/dev/null || echo unknown).

To reproduce: \`mvn -q install -DskipTests && LAB_MEMORY=8G lab/run bench/file-transfer.sh\`.
SECTION
sed -n "/<!-- file-transfer: begin -->/,/<!-- file-transfer: end -->/p" docs/benchmarks.md
