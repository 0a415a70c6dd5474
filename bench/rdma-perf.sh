#!/usr/bin/env bash
# One-sided verbs against perftest, on the same devices in one session, runs alternating so that
# drift hits both alike: chapter 05 against ib_write_lat and ib_write_bw ("write"), chapter 06
# against ib_read_lat and ib_read_bw ("read"), at 64 B, 4 KiB and 64 KiB; then, where perf can
# sample every CPU, where a minute-long 64 B latency run of each tool spends its CPU. Writes its
# section of docs/benchmarks.md.
#
#   mvn -q install -DskipTests && lab/run bench/rdma-perf.sh write      # in the soft-RoCE lab
#   bench/rdma-perf.sh read rxe0 rxe1 1                                 # or: verb, server dev, client dev, GID index
#
# Environment: ROUNDS (default 5) runs of each tool per size and test.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

verb=${1:?usage: bench/rdma-perf.sh write|read [server-dev client-dev gid-index]}
server_dev=${2:-rxe0}
client_dev=${3:-rxe1}
gid=${4:-${RDMA_LAB_GID_INDEX:-}}
rounds=${ROUNDS:-5}
case "$verb" in
  write) chapter=05-rdma-write; main=rdma.write.perf.RdmaWriteMain; title="RDMA WRITE"; port=18800 ;;
  read) chapter=06-rdma-read; main=rdma.read.perf.RdmaReadMain; title="RDMA READ"; port=18900 ;;
  *) echo "bench: the verb is write or read, not $verb" >&2; exit 2 ;;
esac

java_tool=(java -cp "$(chapter_classpath)" "$main")
gid_java=(); gid_c=()
[ -n "$gid" ] && gid_java=(-g "$gid") && gid_c=(-x "$gid")

rows=()
declare -A ratios=()
for test in lat bw; do
  c_tool=(ib_${verb}_${test} -F "${gid_c[@]}")
  java_test=("${java_tool[@]}" "${gid_java[@]}")
  [ "$test" = bw ] && java_test+=(--bw)
  # perftest's latency table: t_typical is column 5; its bandwidth table: BW average is column 4.
  if [ "$test" = lat ]; then header=t_typical; column=5; unit="usec (t_typical)"; iters=1000; else header="BW average"; column=4; unit="MB/sec (BW average; perftest MB = 2^20 B)"; iters=2000; fi
  for size in 64 4096 65536; do
    c_values=() j_values=()
    for round in $(seq "$rounds"); do
      port=$((port + 2))
      c_report=$(perftest_pair "$port" "${c_tool[@]}" -s "$size" -n "$iters")
      c_values+=("$(table_value "$header" "$column" <<< "$c_report")")
      # Checked before Java's run, whose outputs would take the place of C's in the files shown.
      [ -n "${c_values[-1]}" ] || { echo "bench: $verb $test $size round $round: C failed" >&2; cat /tmp/bench-client.txt /tmp/bench-server.txt >&2; exit 1; }
      # Java sends inline what C did: perftest sends nothing inline on a device it does not know.
      inline_args=(); [ "$verb" = write ] && inline_args=(-I "$(inline_of "$c_report")")
      j_values+=("$(run_pair $((port + 1)) "${java_test[@]}" "${inline_args[@]}" -s "$size" -n "$iters" \
        | table_value "$header" "$column")")
      echo "bench: $verb $test $size round $round: C ${c_values[-1]}, Java ${j_values[-1]:-failed} $unit" >&2
      [ -n "${j_values[-1]}" ] || { cat /tmp/bench-client.txt /tmp/bench-server.txt >&2; exit 1; }
    done
    c=$(median_of "${c_values[*]}"); j=$(median_of "${j_values[*]}")
    if [ "$test.$size" = lat.64 ]; then
      lat64_c=$c; lat64_java=$j; lat64_inline=("${inline_args[@]}")
    fi
    # Each Java run beside the C run of its own round, not medians taken while the lab's speed drifted.
    ratios[$test.$size]=$(paired_median "${j_values[*]}" "${c_values[*]}")
    rows+=("| $test | $size B | $iters | $c | $j | ${ratios[$test.$size]}x |\
 $(ratio_range "${j_values[*]}" "${c_values[*]}") | $unit |")
  done
done

# IBV_SEND_INLINE's effect, Java alone (C cannot show it where perftest turns inline off): a 64-byte
# write's latency sent inline and not, alternating.
inline_rows=() on_values=() off_values=() inline_text=""
if [ "$verb" = write ]; then
  for round in $(seq "$rounds"); do
    port=$((port + 2))
    on_values+=("$(run_pair "$port" "${java_tool[@]}" "${gid_java[@]}" -I 64 -s 64 -n 1000 | table_value t_typical 5)")
    off_values+=("$(run_pair $((port + 1)) "${java_tool[@]}" "${gid_java[@]}" -I 0 -s 64 -n 1000 | table_value t_typical 5)")
    echo "bench: write lat 64 inline round $round: -I 64 ${on_values[-1]:-failed}, -I 0 ${off_values[-1]:-failed} usec" >&2
  done
  on=$(printf '%s\n' "${on_values[@]}" | median); off=$(printf '%s\n' "${off_values[@]}" | median)
  inline_rows=("| \`-I 64\` (inline) | ${on_values[*]} | $on |" "| \`-I 0\` (not inline) | ${off_values[*]} | $off |")
  inline_ratio=$(paired_median "${on_values[*]}" "${off_values[*]}")
  # Whether the medians differ by more than the runs of either setting differ among themselves.
  spread() { extremes "$@" | awk '{ print $2 - $1 }'; }
  inline_noise=$(awk -v a="$on" -v b="$off" -v s1="$(spread "${on_values[@]}")" -v s2="$(spread "${off_values[@]}")" \
    'BEGIN { d = a > b ? a - b : b - a; s = s1 > s2 ? s1 : s2; print d < s ? "less than" : "more than" }')
  inline_text="Java sends inline exactly what perftest did (the \`Max inline data\` its report prints), so both do the same
work.

\`IBV_SEND_INLINE\` at 64 B, Java alone: perftest turns inline off on a device it does not recognise, soft-RoCE
among them, so C cannot show it here. t_typical (usec) of $rounds alternating runs of 1000 writes each:

| chapter 05's latency test | each run | median |
| --- | --- | --- |
$(printf '%s\n' "${inline_rows[@]}")

Inline / not inline: ${inline_ratio}x (the median of the rounds' ratios); the two medians differ by
$inline_noise the runs of one setting differ among themselves. soft-RoCE has nothing for inline to save: its provider copies an inline payload into the
work request, and otherwise its kernel driver copies the payload from the registered buffer as it
builds the packet, one copy by the CPU either way. On a NIC, inline spares the device a DMA read of
the buffer (a round trip over PCIe) before the first byte can leave, which is why perftest sends
small writes inline on the NICs it knows.
"
fi

# Where the CPU of a 64 B latency run goes, C and Java, measured as bench/comp-channel.sh measures
# its pingpong: perf samples every CPU for 8 s in the middle of a run of about a minute (its
# iterations from this session's medians above), and each sample of the tool's processes (for
# Java, its main threads, which run the loop) is counted by where it was (lib.sh's perf_shares).
# An iteration is a round trip: a READ, or a write each way (a write's t_typical is half of one).
trips=1; [ "$verb" = write ] && trips=2
profile_data=$(mktemp)
trap 'rm -f "$profile_data"' EXIT
# One profiled run of tool $1 (c or java) on TCP port $2: prints "all kernel clock jna jit jvm
# libraries usec", usec of CPU per iteration, both sides, and last the run's mean usec per iteration;
# returns 2 where perftest's clock estimate failed (perftest_retried runs it again).
profile_run() {
  local tool=$1 port=$2 command comm median
  if [ "$tool" = c ]; then
    command=(ib_${verb}_lat -F "${gid_c[@]}"); comm=ib_${verb}_lat; median=$lat64_c
  else
    command=("${java_tool[@]}" "${gid_java[@]}" "${lat64_inline[@]}"); comm=java; median=$lat64_java
  fi
  local n
  n=$(awk -v u="$median" -v k="$trips" 'BEGIN { printf "%d", 60e6 / (u * k) }')
  "${command[@]}" -s 64 -n "$n" -d "$server_dev" -p "$port" > /tmp/bench-server.txt 2>&1 &
  local server=$!
  wait_listening "$port"
  "${command[@]}" -s 64 -n "$n" -d "$client_dev" -p "$port" 127.0.0.1 > /tmp/bench-client.txt 2>&1 &
  local client=$!
  sample_mid_run "$profile_data"
  local running=yes
  kill -0 "$client" 2> /dev/null || running=no
  wait "$client" "$server" || true
  clock_failed /tmp/bench-client.txt && return 2
  [ "$running" = yes ] || { echo "bench: the $tool run of $n iterations ended before its profile did" >&2; return 1; }
  local average usec
  average=$(table_value t_typical 6 < /tmp/bench-client.txt)
  [ -n "$average" ] || { cat /tmp/bench-client.txt /tmp/bench-server.txt >&2; return 1; }
  usec=$(awk -v a="$average" -v k="$trips" 'BEGIN { printf "%.2f", a * k }')
  local kernel clock jna jit jvm libraries
  read -r kernel clock jna jit jvm libraries < <(perf_shares "$profile_data" "$comm")
  echo "bench: $verb lat 64 profile of $tool, $n iterations: $usec usec each; kernel $kernel%, clock $clock%, JNA $jna%," \
    "JIT $jit%, JVM $jvm%, libraries $libraries%" >&2
  profile_row "$usec" "$kernel" "$clock" "$jna" "$jit" "$jvm" "$libraries"
}
profile_text="(Where the CPU goes is not measured here: \`perf\` is not installed, or may not sample every CPU. It is in the lab.)"
if perf_samples_all; then
  port=$((port + 2))
  c_profile=$(perftest_retried profile_run c "$port")
  j_profile=$(profile_run java $((port + 1)))
  read -r -a c_row <<<"$c_profile"
  read -r -a j_row <<<"$j_profile"
  # What Java's iteration took beyond C's, and its parts: JNA, the clock read, the rest of the code in
  # user space, and the kernel's own work.
  more() { awk -v j="$1" -v c="$2" 'BEGIN { printf "%.1f", j - c }'; }
  # Java's code in user space (JIT-compiled, the JVM, its libraries) against C's program and libraries.
  user_more=$(awk -v t="${j_row[4]}" -v v="${j_row[5]}" -v l="${j_row[6]}" -v c="${c_row[6]}" 'BEGIN { printf "%.1f", t + v + l - c }')
  kernel_more=$(awk -v jk="${j_row[1]}" -v jc="${j_row[2]}" -v ck="${c_row[1]}" -v cc="${c_row[2]}" 'BEGIN { printf "%.1f", (jk - jc) - (ck - cc) }')
  spinning=
  [ "$verb" = write ] && spinning=" Both sides of a write test spin on memory while they wait for the other's
write (C in its program, Java in JIT-compiled code), so there most of the code in user space is waiting."
  profile_text="Where the CPU of a 64 B $( [ "$verb" = write ] && echo write || echo READ ) goes: \`perf\` sampled every CPU for 8 s in the middle of a run
of about a minute of each tool (a round trip an iteration$( [ "$verb" = write ] && echo ", a write each way"); the runs' iterations from the medians
above), and each sample of the tool's processes, both sides, is counted by where it was (for Java, its
main threads', which run the loop):

$(profiles_table "\`ib_${verb}_lat\`" "\`$chapter\`" "$c_profile" "$j_profile" "the run's mean usec per iteration")

In these long runs Java's iteration took $(more "${j_row[7]}" "${c_row[7]}") usec more than C's ($(ratio "${j_row[7]}" "${c_row[7]}")x), and $(more "${j_row[0]}" "${c_row[0]}") usec more CPU:
JNA's dispatch ${j_row[3]} usec, reading the clock ${j_row[2]}, the rest of the code in user space (JIT-compiled Java,
the JVM and libraries, against C's program and libraries) $user_more, and the kernel's own work, the clock
aside, $kernel_more.$spinning The clock is the lab's doing: perftest times each iteration with the CPU's
cycle counter (\`rdtsc\`, an instruction), Java with \`System.nanoTime\`, the kernel's clock, which in the lab
is an emulated HPET read through a system call (on most machines, the CPU's own counter, read in user space)."
fi

write_section "rdma-$verb" <<SECTION
## Chapter $( [ "$verb" = write ] && echo 05 || echo 06 ) ($title) against perftest's ib_${verb}_lat and ib_${verb}_bw, in the lab

Measured by \`bench/rdma-perf.sh $verb\` on $(date -u +%Y-%m-%d), server on \`$server_dev\`, client on
\`$client_dev\`$( [ -n "$gid" ] && echo ", GID index $gid"), $rounds alternating runs of each tool per size; each cell is the median
of the client's own report: perftest's t_typical (the median latency) for the latency tests, its
BW average for the bandwidth tests. A ratio is the median of each round's own ratio of Java to C,
two runs one after the other, since the lab's speed drifts over minutes by more than the runs
differ (the lowest and highest of those are beside it): for latency above 1 means Java is slower,
for bandwidth below 1 means Java moves less.

| test | size | iters | C | Java | Java/C | rounds' Java/C | unit |
| --- | --- | --- | --- | --- | --- | --- | --- |
$(printf '%s\n' "${rows[@]}")

\`\`\`mermaid
xychart-beta
    title "Java / C by message size (1 is C's)"
    x-axis ["64 B", "4 KiB", "64 KiB"]
    y-axis "Java / C"
    line [${ratios[lat.64]}, ${ratios[lat.4096]}, ${ratios[lat.65536]}]
    line [${ratios[bw.64]}, ${ratios[bw.4096]}, ${ratios[bw.65536]}]
\`\`\`

(The lines, as in the table: latency, where below 1 is better than C, then bandwidth, where above 1 is.)

Targets: latency within 1.10x of C, bandwidth at least 0.95x of C at 64 KiB. In this run: latency
${ratios[lat.64]}x, ${ratios[lat.4096]}x and ${ratios[lat.65536]}x (the target $(target at-most 1.10 "${ratios[lat.64]}") at 64 B,
$(target at-most 1.10 "${ratios[lat.4096]}") at 4 KiB, $(target at-most 1.10 "${ratios[lat.65536]}") at 64 KiB); bandwidth at 64 KiB ${ratios[bw.65536]}x (the target $(target at-least 0.95 "${ratios[bw.65536]}")).

$inline_text

$profile_text

Where: $( [ "${RDMA_LAB:-}" = 1 ] && echo "the soft-RoCE lab (qemu without hardware virtualisation, 2 vCPUs, the JVM with C1 only: see docs/soft-roce.md)" || echo "$(uname -n), $(nproc) CPUs").
Java: $(java -version 2>&1 | grep -v "^Picked up" | head -n1); JNA $(pom_version jna). perftest: $(dpkg-query -W -f '${Version}' perftest 2>/dev/null || echo unknown).

To reproduce: \`mvn -q install -DskipTests && lab/run bench/rdma-perf.sh $verb\`.
SECTION
sed -n "/<!-- rdma-$verb: begin -->/,/<!-- rdma-$verb: end -->/p" docs/benchmarks.md
