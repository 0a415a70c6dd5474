#!/usr/bin/env bash
# Chapter 08's three ways to wait, measured in one session: the pingpong at 64 B and 4 KiB in
# each mode next to ibv_rc_pingpong without and with -e (latency, and CPU time per iteration of
# both sides; each run at N and 4N iterations, so that the steady state shows apart from what a
# run pays once; each side on a CPU of its own, and at 64 B on events also both on one CPU and
# wherever the scheduler puts them), the file transfer of 1 GiB in each mode (CPU seconds of both
# sides), a pingpong server whose client stopped (its wait's CPU, connected and idle), a
# receiver waiting for senders (its CPU over 10 s), and, where perf can sample every CPU, where
# the CPU of a pingpong on events goes at each size, C's and Java's. Writes its section of docs/benchmarks.md.
#
#   mvn -q install -DskipTests && LAB_MEMORY=8G lab/run bench/comp-channel.sh   # in the soft-RoCE lab
#   bench/comp-channel.sh rxe0 rxe1 1                                           # or: server dev, client dev, GID index
#
# Environment: ROUNDS (default 5) runs of each pingpong; ITERS (default 5000) iterations in the short one.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

bench_devices "$@"
rounds=${ROUNDS:-5}
iters=${ITERS:-5000}

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

# The tools, as the script names them: "c", "c -e", "java --wait events"; "c-poll-first -e" is
# ibv_rc_pingpong -e with poll-first.so. Their options ("-e") are printed with printf: echo would
# take "-e" for an option of its own and print nothing.
tools=("c" "c -e" "c-poll-first -e" "java --wait poll" "java --wait events" "java --wait adaptive")
tool_options() { [ "$1" != "${1%% *}" ] && printf '%s\n' "${1#* }" || true; }
# The name a table shows: "`ibv_rc_pingpong -e`", "`08 pingpong --wait events`".
tool_name() {
  case ${1%% *} in
    c) printf '`ibv_rc_pingpong%s`\n' "${1#c}" ;;
    c-poll-first) printf '`ibv_rc_pingpong%s`, poll(2) first\n' "${1#c-poll-first}" ;;
    *) printf '`08 pingpong%s`\n' "${1#java}" ;;
  esac
}

# Every round runs each tool once, one after another, so that the lab's speed, which drifts over
# minutes, weighs on every tool alike; a ratio is the median of each round's ratio of two tools
# run side by side, not a ratio of medians taken minutes apart. Lists are kept per "tool,size" (and
# "tool@placement,size" where the sides were not apart), as lib.sh's median_runs reads them.
declare -A usecs cpus steady_usecs steady_cpus
measure() {
  local size=$1 tool=$2 key=$2 options
  [ "$placement" = apart ] || key+="@$placement"
  key+=",$size"
  options=$(tool_options "$tool")
  read -r usec cpu < <(pingpong ${tool%% *} "$size" "$iters" $options)
  read -r long_usec long_cpu < <(pingpong ${tool%% *} "$size" $((4 * iters)) $options)
  usecs[$key]+="$usec "; cpus[$key]+="$cpu "
  steady_usecs[$key]+="$(steady_of "$usec" "$long_usec") "; steady_cpus[$key]+="$(steady_of "$cpu" "$long_cpu" 3) "
  echo "bench: round $round, pingpong $size B, $tool, sides $placement: $usec usec/iter (steady $(steady_of "$usec" "$long_usec"))," \
    "$cpu CPU s per 1000 iterations (steady $(steady_of "$cpu" "$long_cpu" 3))" >&2
}
placements=(shared free)
for round in $(seq "$rounds"); do
  for size in 64 4096; do
    for tool in "${tools[@]}"; do
      measure "$size" "$tool"
    done
  done
  for placement in "${placements[@]}"; do
    for tool in "c -e" "java --wait events"; do
      measure 64 "$tool"
    done
  done
  placement=apart
done

rows=()
declare -A usec_of
for size in 64 4096; do
  for tool in "${tools[@]}"; do
    usec_of[$tool,$size]=$(median_runs steady_usecs "$tool" "$size")
    rows+=("| $size B | $(tool_name "$tool") | $(median_runs usecs "$tool" "$size") | ${usec_of[$tool,$size]} | $(median_runs cpus "$tool" "$size") | $(median_runs steady_cpus "$tool" "$size") |")
  done
done

# The transfer: 1 GiB in each mode, CPU of both processes, JVM start-ups included.
echo "bench: writing a 1 GiB file of random bytes" >&2
head -c $((1 << 30)) /dev/urandom > "$work/file.bin"
mkdir "$work/in"
transfer_rows=()
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
  transfer_rows+=("| $mode | $seconds | $cpu |")
done

# A pingpong server connected and waiting: its client is stopped (SIGSTOP) mid-run, and the
# server's CPU over 5 s is what its wait costs with nothing arriving (before its 10 s patience ends).
stopped_rows=()
for tool in "c" "c -e" "java --wait poll" "java --wait events" "java --wait adaptive"; do
  port=$((port + 1))
  # C's stdout is a file here: line-buffered (stdbuf), or its address lines would come at its exit.
  if [ "${tool%% *}" = c ]; then command=(stdbuf -oL ibv_rc_pingpong); else command=("${java_tool[@]}" pingpong); fi
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
  name=$(tool_name "$tool")
  echo "bench: server of a stopped client, $name: $share% of a core" >&2
  stopped_rows+=("| $name | $share% |")
done

# A receiver waiting for senders: its CPU over 10 s, once it is listening.
idle_rows=()
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
  idle_rows+=("| $mode | $share% |")
done

# Where the CPU of a pingpong goes, waiting on events, C and Java, at each size: perf samples
# every CPU for 8 s in the middle of a run of about a minute (its length from the rounds' steady
# usec/iter), each side on a CPU of its own as in the first table, and each sample of the tool's
# processes (the Java main thread's, for Java: its data loop) is counted by where it was: the
# kernel (and of the kernel, reading the clock), JNA, JIT-compiled code, the JVM, other
# libraries. A share of all samples times the CPUs times the run's usec/iter is microseconds of
# CPU per iteration, both sides. Rows are kept per "tool,size", as profile_row gives them.
declare -A profile_rows profile_iters
profile() {
  local tool=$1 size=$2 comm command n
  port=$((port + 1))
  n=$(awk -v u="${usec_of[$tool,$size]}" 'BEGIN { printf "%d", 60e6 / u / 1000 + 1 }')000
  profile_iters[$tool,$size]=$n
  if [ "${tool%% *}" = c ]; then command=(ibv_rc_pingpong); comm=ibv_rc_pingpong; else command=("${java_tool[@]}" pingpong); comm=java; fi
  local options
  options=$(tool_options "$tool")
  taskset -c "$(cpus_of server)" "${command[@]}" $options -d "$server_dev" -p "$port" "${gid_args[@]}" -s "$size" -n "$n" \
    > "$work/server.txt" 2>&1 &
  local server=$!
  wait_listening "$port"
  taskset -c "$(cpus_of client)" "${command[@]}" $options -d "$client_dev" -p "$port" "${gid_args[@]}" -s "$size" -n "$n" 127.0.0.1 \
    > "$work/client.txt" 2>&1 &
  local client=$!
  sample_mid_run "$work/perf.data"
  wait "$client" "$server"
  local usec
  usec=$(sed -n 's/.* iters in .* seconds = \([0-9.]*\) usec\/iter/\1/p' "$work/client.txt")
  local kernel clock jna jit jvm libraries
  read -r kernel clock jna jit jvm libraries < <(perf_shares "$work/perf.data" "$comm")
  echo "bench: profile of $tool at $size B, $n iterations: $usec usec/iter; kernel $kernel%, clock $clock%, JNA $jna%," \
    "JIT $jit%, JVM $jvm%, libraries $libraries%" >&2
  profile_rows[$tool,$size]=$(profile_row "$usec" "$kernel" "$clock" "$jna" "$jit" "$jvm" "$libraries")
}

# The two profiles at size $1 (named $2 on the page) as a table, then what calling C through JNA
# and running the loop as Java add to an iteration, as a share of all of C's CPU per iteration:
# the least Java's events can cost beside C's, all else being equal.
profile_at() {
  local c_profile=${profile_rows[c -e,$1]} j_profile=${profile_rows[java --wait events,$1]}
  local -a c j
  read -r -a c <<<"$c_profile"
  read -r -a j <<<"$j_profile"
  share() { awk -v a="$1" -v c="${c[0]}" 'BEGIN { printf "%.0f", a / c * 100 }'; }
  local jit_and_jvm with_java
  jit_and_jvm=$(awk -v a="${j[4]}" -v b="${j[5]}" 'BEGIN { print a + b }')
  with_java=$(awk -v c="${c[0]}" -v j="${j[3]}" -v l="$jit_and_jvm" 'BEGIN { print c + j + l }')
  cat <<PROFILE
**$2**, runs of ${profile_iters[c -e,$1]} iterations of C and ${profile_iters[java --wait events,$1]} of Java:

$(profiles_table "\`ibv_rc_pingpong -e\`" "\`08 pingpong --wait events\`" "$c_profile" "$j_profile" "the run's usec/iter")

JNA's dispatch took ${j[3]} usec of CPU per iteration, $(share "${j[3]}")% of all that C's iteration took, and the
JIT-compiled loop and the JVM $(share "$jit_and_jvm")% more: Java's events cost at least $(ratio "$with_java" "${c[0]}")x of C's CPU
here even where everything else costs the same (the target: 1.25x). In the kernel, Java's main thread took
$(ratio "${j[1]}" "${c[1]}")x of C's time.
PROFILE
}

# From 64 B to 4 KiB: how C's whole iteration and Java's own part of one (JNA, the JIT-compiled
# loop, the JVM) grew, and so whether that part weighs more or less beside C's at 4 KiB.
profile_growth() {
  local -a c64 j64 c4k j4k
  read -r -a c64 <<<"${profile_rows[c -e,64]}"
  read -r -a j64 <<<"${profile_rows[java --wait events,64]}"
  read -r -a c4k <<<"${profile_rows[c -e,4096]}"
  read -r -a j4k <<<"${profile_rows[java --wait events,4096]}"
  local own64 own4k
  own64=$(awk -v a="${j64[3]}" -v b="${j64[4]}" -v c="${j64[5]}" 'BEGIN { print a + b + c }')
  own4k=$(awk -v a="${j4k[3]}" -v b="${j4k[4]}" -v c="${j4k[5]}" 'BEGIN { print a + b + c }')
  local weighs
  weighs=$(awk -v o="$own4k" -v p="$own64" -v c="${c4k[0]}" -v d="${c64[0]}" 'BEGIN { print o / p < c / d ? "less" : "more" }')
  cat <<GROWTH
From 64 B to 4 KiB, C's CPU per iteration grew $(ratio "${c4k[0]}" "${c64[0]}")x (${c64[0]} to ${c4k[0]} usec), and what JNA, the
JIT-compiled loop and the JVM took of Java's $(ratio "$own4k" "$own64")x ($own64 to $own4k): Java's own part weighs $weighs
beside C's at 4 KiB. The rest of the difference between the two columns is in the rows of the
kernel and of the libraries.
GROWTH
}

profile_text="(Not measured here: \`perf\` is not installed, or may not sample every CPU. It is in the lab.)"
if perf_samples_all; then
  for size in 64 4096; do
    profile "c -e" "$size"
    profile "java --wait events" "$size"
  done
  profile_text="$(profile_at 64 "64 B")

$(profile_at 4096 "4 KiB")

$(profile_growth)"
fi

events="java --wait events"
lat64=$(median_ratio steady_usecs "$events" "c -e" 64)
lat4k=$(median_ratio steady_usecs "$events" "c -e" 4096)
cpu64=$(median_ratio steady_cpus "$events" "c -e" 64)
cpu4k=$(median_ratio steady_cpus "$events" "c -e" 4096)
# What the timeout's poll(2) costs C itself, and Java against C paying it too.
guard_lat64=$(median_ratio steady_usecs "c-poll-first -e" "c -e" 64)
guard_lat4k=$(median_ratio steady_usecs "c-poll-first -e" "c -e" 4096)
guard_cpu64=$(median_ratio steady_cpus "c-poll-first -e" "c -e" 64)
guard_cpu4k=$(median_ratio steady_cpus "c-poll-first -e" "c -e" 4096)
same_lat64=$(median_ratio steady_usecs "$events" "c-poll-first -e" 64)
same_lat4k=$(median_ratio steady_usecs "$events" "c-poll-first -e" 4096)
same_cpu64=$(median_ratio steady_cpus "$events" "c-poll-first -e" 64)
same_cpu4k=$(median_ratio steady_cpus "$events" "c-poll-first -e" 4096)
# Waiting on events at 64 B with the two sides placed each way, C's -e against Java's, in the same rounds.
placement_rows=()
for sides in apart "${placements[@]}"; do
  suffix=; [ "$sides" = apart ] || suffix="@$sides"
  case $sides in
    apart) name="each on a CPU of its own (the rows above)" ;;
    shared) name="both on CPU 0" ;;
    free) name="wherever the scheduler puts them" ;;
  esac
  placement_rows+=("| $name | $(median_runs steady_usecs "c -e$suffix" 64) | $(median_runs steady_usecs "$events$suffix" 64) |\
 $(median_ratio steady_usecs "$events$suffix" "c -e$suffix" 64)x | $(median_runs steady_cpus "c -e$suffix" 64) |\
 $(median_runs steady_cpus "$events$suffix" 64) | $(median_ratio steady_cpus "$events$suffix" "c -e$suffix" 64)x |")
done

where=$( [ "${RDMA_LAB:-}" = 1 ] && echo "the soft-RoCE lab (qemu without hardware virtualisation, 2 vCPUs, the JVM with C1 only: see docs/soft-roce.md)" || echo "$(uname -n), $(nproc) CPUs")

write_section "comp-channel" <<SECTION
## Chapter 08 (completion events): poll, events and adaptive, in the lab

Measured by \`bench/comp-channel.sh\` on $(date -u +%Y-%m-%d), server on \`$server_dev\`, client on \`$client_dev\`.

The pingpong, server and client in processes of their own, the server on CPU 0 and the client on CPU 1
(\`taskset\`: each side on a CPU of its own, as on two hosts), $rounds rounds: the client's
usec/iter, and the CPU time (user + system) of both processes per 1000 iterations: all of it for
\`ibv_rc_pingpong\`, the data loop's for Java (what the program reports, without its JVM's start-up). Each
round runs every tool in turn, for $iters iterations (whole) and for $((4 * iters)); steady is the longer run's extra
$((3 * iters)) iterations alone ((4 x long - short) / 3), which leaves out what every run pays once: the JIT
compiling the loop, the first messages. A cell is the median of the rounds; a ratio below is the median
of each round's own ratio, of two tools that ran minutes apart: the lab's speed drifts from one
quarter of an hour to the next by more than the differences measured here, so medians taken apart
would compare the lab's moods as much as the tools.

$(pinned_jvm_note)

\`ibv_rc_pingpong -e\`, poll(2) first, is the C tool with \`bench/src/main/c/poll-first.c\` loaded
(\`LD_PRELOAD\`): each \`read\` first waits in \`poll(2)\` with a 10 s timeout (\`ibv_get_cq_event\` is a
\`read\` of the channel's fd), the usual way to keep a vanished peer from putting a waiter to sleep for
ever, and chapter 08's way until its watchdog took the timeout off the sleeping thread. It pays for that
system call; it does not act on the timeout.

| size | tool | usec/iter whole | usec/iter steady | CPU s per 1000 whole | CPU s per 1000 steady |
| --- | --- | --- | --- | --- | --- |
$(printf '%s\n' "${rows[@]}")

Targets, in the steady state: events within 1.25x of \`ibv_rc_pingpong -e\` in latency: ${lat64}x at 64 B
($(target at-most 1.25 "$lat64")), ${lat4k}x at 4 KiB ($(target at-most 1.25 "$lat4k")); and in CPU per iteration: ${cpu64}x at 64 B
($(target at-most 1.25 "$cpu64")), ${cpu4k}x at 4 KiB ($(target at-most 1.25 "$cpu4k")). Where Java's CPU goes beside C's
is measured below.

What that guarantee costs C: with \`poll(2)\` before each read, \`ibv_rc_pingpong -e\` took ${guard_lat64}x
its own latency at 64 B and ${guard_lat4k}x at 4 KiB, and ${guard_cpu64}x and ${guard_cpu4k}x its CPU. Against
C that waits with the same guarantee, chapter 08's events are at ${same_lat64}x (64 B) and ${same_lat4k}x (4 KiB)
in latency, ${same_cpu64}x and ${same_cpu4k}x in CPU.

\`\`\`mermaid
xychart-beta
    title "Waiting on events, steady state: usec per iteration (lower is better)"
    x-axis ["64 B", "4 KiB"]
    y-axis "usec per iteration"
    bar [${usec_of[c -e,64]}, ${usec_of[c -e,4096]}]
    bar [${usec_of[c-poll-first -e,64]}, ${usec_of[c-poll-first -e,4096]}]
    bar [${usec_of[java --wait events,64]}, ${usec_of[java --wait events,4096]}]
\`\`\`

(The bars of each group: \`ibv_rc_pingpong -e\`, the same with \`poll(2)\` first, \`08 pingpong --wait events\`.)

Where the two sides run weighs on a wake-up. In the same rounds, waiting on events at 64 B with
the server and the client each on a CPU of their own (as above), both on one CPU, and wherever the
scheduler puts them (and moves them): steady usec/iter, steady CPU s per 1000 iterations, and each
round's ratio of Java to C, their median:

| the two sides | \`ibv_rc_pingpong -e\` usec/iter | \`08 pingpong --wait events\` usec/iter | events / \`-e\` | \`-e\` CPU | events CPU | events / \`-e\` |
| --- | --- | --- | --- | --- | --- | --- |
$(printf '%s\n' "${placement_rows[@]}")

Where the CPU goes, waiting on events: \`perf\` sampled every CPU for 8 s in the middle of a run of
about a minute of each tool at each size (each side on a CPU of its own, as in the first table), and each
sample of the tool's processes is counted by where it was (for Java, its main thread's, which runs the
data loop).

$profile_text

Most of either tool's CPU is the kernel's: soft-RoCE does there what a NIC does in hardware (building,
checksumming and copying every packet, in the context of whichever process posts or is interrupted),
and every sleep and wake-up is a trip through the scheduler and an emulated interrupt. Java's wait
makes the system calls C's makes: one blocking \`read\` per wake-up (\`ibv_get_cq_event\`), and the arm.
Its timeout, which C lacks (C blocks in \`read\` for ever when the peer vanishes), is kept by a watchdog
thread that looks a few times a second and ends a sleep past it with a completion of its own (chapter
08's README says how), so the sleeping thread reads no clock. Waiting in \`poll(2)\` with a timeout
before each read, the usual way, would cost what the poll-first rows show: a system call more per
wake-up, and the clock read as it starts (the kernel's \`poll_select_set_timeout\`), slow in the lab,
whose clock is an emulated HPET (on hardware whose clock is the CPU's own counter, nanoseconds). What
Java adds to C's CPU is its own: JNA's dispatch on every call, and the JIT-compiled loop. On a NIC none of the packet work is the CPU's, a
wake-up is a few microseconds, and the clock is read in user space: there waiting on events saves
what busy polling spends, a whole core per waiting thread, at the price of the wake-up's latency.
The lab cannot show that saving while messages flow: its polling spends little beside soft-RoCE's
own kernel work, and its wake-ups are emulated. It shows it when nothing arrives (the stopped client
below): a polling side burns a core, a sleeping one nothing.

The file transfer of a 1 GiB file, chapter 07's defaults, in each mode: seconds from header to verdict, and the
CPU seconds of both processes (JVM start-ups included, a few seconds under emulation):

| --wait | seconds | CPU s, both sides |
| --- | --- | --- |
$(printf '%s\n' "${transfer_rows[@]}")

A pingpong server whose client was stopped (\`kill -STOP\`) mid-run: connected, waiting for a message
that does not come, its CPU over 5 s. This is what each way of waiting costs when nothing happens:

| tool | CPU |
| --- | --- |
$(printf '%s\n' "${stopped_rows[@]}")

A receiver (\`transfer --server\`) waiting for senders, its CPU over 10 s from 15 s after it listens. Its QP is made, but it is blocked in
\`accept()\` in every mode and polls nothing yet, so this is the JVM's own background work, not its wait:

| --wait | CPU |
| --- | --- |
$(printf '%s\n' "${idle_rows[@]}")

Where: $where.
Java: $(java -version 2>&1 | grep -v "^Picked up" | head -n1). rdma-core: $(dpkg-query -W -f '${Version}' ibverbs-utils 2>/dev/null || echo unknown).

To reproduce: \`mvn -q install -DskipTests && LAB_MEMORY=8G lab/run bench/comp-channel.sh\`.
SECTION
sed -n "/<!-- comp-channel: begin -->/,/<!-- comp-channel: end -->/p" docs/benchmarks.md
