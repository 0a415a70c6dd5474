#!/usr/bin/env bash
# What a message costs in software alone, C against the chapters' Java: chapter 04's pingpong loop
# and rc_pingpong's loop in C, run on the null device (appendix-ffm/src/test/c/nulldev.c), which stands
# in for libibverbs and completes every work request in memory as it is posted: no kernel, no
# wire, no emulator, full JIT speed. One JMH run on a JDK of 22 or later measures three routes
# side by side: C (cloops.c, verbs.h's inline calls), the chapters' JNA data path, and the
# appendix's java.lang.foreign data path; the section it writes into docs/benchmarks.md also
# projects the difference onto published NIC latencies.
#
#   bench/nulldevice.sh              # JAVA22_HOME=/path/to/jdk to choose the JDK (22 or later)
#   lab/run bench/nulldevice.sh      # the same inside the lab (its own section): what emulation
#                                    # and the lab's C1-only JIT make of each route
#
# Run it on a quiet machine: anything else running makes every number larger.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

out=bench/target/nulldev
mkdir -p "$out"
# The null device is named libibverbs.so so that JNA, told to look in $out first, loads it instead of rdma-core's.
gcc -O2 -Wall -Wextra -shared -fPIC -o "$out/libibverbs.so" appendix-ffm/src/test/c/nulldev.c -lpthread
gcc -O2 -Wall -Wextra -shared -fPIC -o "$out/libcloops.so" bench/src/main/c/cloops.c

jdk=$(newer_jdk)
if [ -z "$jdk" ] || [ ! -x "$jdk/bin/java" ]; then
  echo "bench: the FFM route needs a JDK of 22 or later: install one (Temurin 25, say) and set JAVA22_HOME" >&2
  exit 2
fi
java_version=$(jdk_version "$jdk")
# In the lab (no network, an emulated CPU) the host's run has built everything already.
if [ "${RDMA_LAB:-}" != 1 ]; then
  JAVA_HOME=$jdk mvn -q -B -pl bench -am install -DskipTests >&2
  JAVA_HOME=$jdk mvn -q -B -pl bench dependency:build-classpath -Dmdep.outputFile=target/classpath.txt -Dmdep.includeScope=runtime >&2
fi
[ -f bench/target/classpath.txt ] || { echo "bench: run bench/nulldevice.sh on the host first: it builds what the lab runs" >&2; exit 2; }
# Every loop on the host; in the lab, where each run is many times slower, chapter 04's loop alone.
benchmarks='NullDevice'
if [ "${RDMA_LAB:-}" = 1 ]; then benchmarks='NullDevice.*[.](c|jna|ffm)$'; fi
"$jdk/bin/java" -cp "bench/target/classes:$(cat bench/target/classpath.txt)" org.openjdk.jmh.Main "$benchmarks" \
  -f 2 -wi 5 -w 1s -i 5 -r 1s -rf csv -rff "$out/jmh.csv" \
  -jvmArgsAppend "-Djna.library.path=$PWD/$out -Dbench.cloops=$PWD/$out/libcloops.so --enable-native-access=ALL-UNNAMED" >&2

# "rdma.bench.NullDeviceBenchmark.jna","avgt",1,10,281.7,5.6,"ns/op",64  ->  "jna 64 281.7 5.6"
results=$(tail -n +2 "$out/jmh.csv" | tr -d '\r' | awk -F, '{ gsub(/"/, ""); n = split($1, part, "."); printf "%s %s %.1f %.1f\n", part[n], $8, $5, $6 }')
echo "$results" >&2
score() { awk -v r="$1" -v s="$2" '$1 == r && $2 == s { print $3 }' <<<"$results"; }
error() { awk -v r="$1" -v s="$2" '$1 == r && $2 == s { print $4 }' <<<"$results"; }
# Nanoseconds route $1 takes per message beyond route $2, at size $3.
added_to() { awk -v a="$(score "$1" "$3")" -v b="$(score "$2" "$3")" 'BEGIN { printf "%.0f", a - b }'; }
# How many times route $1's time per message is route $2's, at size $3.
score_ratio() { ratio "$(score "$1" "$3")" "$(score "$2" "$3")"; }

# Published one-way latencies, ib_send_lat over RC, median, MTU 4096 (see the section for the source).
nic_us_32=0.83
nic_us_4k=2.28
# A pingpong iteration is a round trip: two one-way latencies. Each side's software lies on it once.
projected() { awk -v nic="$1" -v extra="$(added_to "$2" c "$3")" 'BEGIN { printf "%.2f", (2 * nic + 2 * extra / 1000) / (2 * nic) }'; }

# In the lab: the same table, and what it says about the lab's pingpong.
lab_section() {
  write_section nulldevice-lab <<LAB
## What a message costs in software alone, in the lab (null device)

Measured by \`lab/run bench/nulldevice.sh\` on $(date -u +%Y-%m-%d): the same benchmark as the section above, run inside
the soft-RoCE lab (qemu without hardware virtualisation, 2 vCPUs), Java $java_version with the lab's C1-only JIT
(see docs/soft-roce.md). Nothing here touches soft-RoCE: the null device completes every work request in
memory, so this is what emulation makes of each route's own software, per message.

| route | 64 B (ns/message) | vs C | 4 KiB (ns/message) | vs C |
| --- | --- | --- | --- | --- |
$(row c "C, rc_pingpong's loop (cloops.c)")
$(row ffm "Java, chapter 04's loop through \`java.lang.foreign\` (appendix-ffm)")
$(row jna "Java, chapter 04's loop through JNA (the chapters)")

A pingpong iteration carries one message of each side's software, one after the other. In the
lab, Java adds about $(awk -v j="$(added_to jna c 64)" 'BEGIN { printf "%.1f", 2 * j / 1000 }') us per 64 B iteration through JNA and about $(awk -v f="$(added_to ffm c 64)" 'BEGIN { printf "%.1f", 2 * f / 1000 }') us through
\`java.lang.foreign\`, before any packet moves: set that beside the lab's pingpong in the sections below.

To reproduce: \`lab/run bench/nulldevice.sh\` (after \`bench/nulldevice.sh\` on the host, which builds what it needs).
LAB
}

# A table row: a route against its C loop ("c" for chapter 04's, "latencyC" for 05's latency test...).
row() {
  local route=$1 label=$2 c=${3:-c}
  echo "| $label | $(score "$route" 64) ± $(error "$route" 64) | $(score_ratio "$route" "$c" 64)x | $(score "$route" 4096) ± $(error "$route" 4096) | $(score_ratio "$route" "$c" 4096)x |"
}

# The safe post_send's change of state in chapter 05's $1 loop ("latency" or "bandwidth") at 64 B: the
# nanoseconds the critical post_send saves, in percent of C's whole message.
transition_share() {
  awk -v t="$(added_to "${1}Ffm" "${1}CriticalPost" 64)" -v c="$(score "${1}C" 64)" 'BEGIN { printf "%.0f", 100 * t / c }'
}

# Whether that change of state alone already breaks the 1.10x target in both loops: the sentence the
# page ends its explanation with.
transition_verdict() {
  local lat bw
  lat=$(transition_share latency)
  bw=$(transition_share bandwidth)
  printf "In chapter 05's loops the change of state alone is %s%% of C's latency message and %s%% of its bandwidth message: " "$lat" "$bw"
  if [ "$lat" -gt 10 ] && [ "$bw" -gt 10 ]; then
    echo "through a \`post_send\` that may enter the kernel, as a program must call it, they cannot come within 1.10x of C."
  else
    echo "the rest of the gap is the Java code's."
  fi
}

if [ "${RDMA_LAB:-}" = 1 ]; then
  lab_section
  exit 0
fi

write_section nulldevice <<SECTION
## What a message costs in software alone (null device, host)

Measured by \`bench/nulldevice.sh\` on $(date -u +%Y-%m-%d), $(uname -m), $(nproc) CPUs, Java $java_version, no RDMA
device. The null device ([\`appendix-ffm/src/test/c/nulldev.c\`](../appendix-ffm/src/test/c/nulldev.c)) stands in
for libibverbs: the chapters' own code opens it, builds chapter 04's endpoint on it and connects
the QP to itself, and its \`post_send\`, \`post_recv\` and \`poll_cq\`, reached through
\`ibv_context.ops\` like any provider's, complete each work request in memory as it is posted (a
send becomes a receive completion on the same QP; the bytes are copied onto the buffer they came
from). What remains of a message is the software that drives it: one \`post_send\`, the
\`poll_cq\` calls that find its two completions, the receives refilled behind them, and the loop's
own bookkeeping. Three loops run it, side by side in one JMH run: rc_pingpong's loop in C
([\`cloops.c\`](../bench/src/main/c/cloops.c), verbs.h's inline calls), chapter 04's
\`PingpongLoop\` as its program runs it (JNA direct mapping), and the same \`PingpongLoop\` with the
appendix's \`ForeignDataPath\` (\`java.lang.foreign\`, [appendix-ffm](../appendix-ffm/README.md)).
JMH, average time per message over invocations of 10,000 messages, 2 forks of 5 warm-up and
5 measured iterations of 1 s; ± is JMH's 99.9% confidence interval.

| route | 64 B (ns/message) | vs C | 4 KiB (ns/message) | vs C |
| --- | --- | --- | --- | --- |
$(row c "C, rc_pingpong's loop (cloops.c)")
$(row ffm "Java, chapter 04's loop through \`java.lang.foreign\` (appendix-ffm)")
$(row jna "Java, chapter 04's loop through JNA (the chapters)")

\`\`\`mermaid
xychart-beta
    title "Software cost of one message on the null device (ns, lower is better)"
    x-axis ["C", "Java + FFM", "Java + JNA"]
    y-axis "ns per message"
    bar [$(score c 64), $(score ffm 64), $(score jna 64)]
    bar [$(score c 4096), $(score ffm 4096), $(score jna 4096)]
\`\`\`

(The first bar of each pair is 64 B, the second 4 KiB; the null device's copy costs all routes the same.)

What it means on an RDMA NIC. Published \`ib_send_lat\` results for RC (one-way median, MTU 4096):
${nic_us_32} us at 32 B and ${nic_us_4k} us at 4 KiB, from the \`mtu_performance\` table of Dennis Potter's master's
thesis (<https://git.dennispotter.eu/Dennis/masters-thesis>, \`tables/mtu_performance.tex\`). An
\`ibv_rc_pingpong\` iteration is a round trip, two of those, and each side's software for one
message lies on it once. Adding what Java adds per message here, twice, to that round trip gives
an upper bound for a small message (some of the work, such as refilling receives, overlaps the
wire): JNA adds about $(added_to jna c 64) ns per message, a projected Java/C ratio of at most
$(projected "$nic_us_32" jna 64)x at 64 B and $(projected "$nic_us_4k" jna 4096)x at 4 KiB; \`java.lang.foreign\` adds about $(added_to ffm c 64) ns, at
most $(projected "$nic_us_32" ffm 64)x and $(projected "$nic_us_4k" ffm 4096)x. The lab cannot show either: there every instruction is emulated.

Chapter 05's loops, the same way ([\`NullDeviceWriteBenchmark\`](../bench/src/main/java/rdma/bench/NullDeviceWriteBenchmark.java)):
a QP connected to itself writes from the first half of its buffer into the second, the memory a
peer would grant. The latency test is \`WriteLoops.latency\` as the side that writes first (each
message's last byte is its number; the loop waits for the write's completion, then for that byte
in memory); the bandwidth test is \`WriteLoops.bandwidth\` (128 writes in flight, a completion asked
for every 100). Both run with the chapter's defaults for their test (inline up to 220 bytes in the
latency test), and the C loops in \`cloops.c\` are perftest's, \`ib_write_lat\`'s and \`ib_write_bw\`'s,
with the same work requests and flags and the same timestamps kept. Each invocation is a run of
10,000 messages; a Java run makes its \`WriteLoops\` anew (a run counts from zero), a few objects per run.

| loop, route | 64 B (ns/message) | vs C | 4 KiB (ns/message) | vs C |
| --- | --- | --- | --- | --- |
$(row latencyC "latency, C (ib_write_lat's loop)" latencyC)
$(row latencyFfm "latency, chapter 05 through \`java.lang.foreign\`" latencyC)
$(row latencyJna "latency, chapter 05 through JNA" latencyC)
$(row bandwidthC "bandwidth, C (ib_write_bw's loop)" bandwidthC)
$(row bandwidthFfm "bandwidth, chapter 05 through \`java.lang.foreign\`" bandwidthC)
$(row bandwidthJna "bandwidth, chapter 05 through JNA" bandwidthC)
$(row latencyCriticalPost "latency, through \`java.lang.foreign\` with \`post_send\` critical (priced only: wrong on soft-RoCE)" latencyC)
$(row bandwidthCriticalPost "bandwidth, through \`java.lang.foreign\` with \`post_send\` critical (priced only: wrong on soft-RoCE)" bandwidthC)

\`\`\`mermaid
xychart-beta
    title "Java's time per 64 B message, in multiples of C's (lower is better)"
    x-axis ["04 pingpong", "05 write latency", "05 write bandwidth"]
    y-axis "x of C"
    bar [$(score_ratio ffm c 64), $(score_ratio latencyFfm latencyC 64), $(score_ratio bandwidthFfm bandwidthC 64)]
    bar [$(score_ratio jna c 64), $(score_ratio latencyJna latencyC 64), $(score_ratio bandwidthJna bandwidthC 64)]
\`\`\`

(The first bar of each pair is \`java.lang.foreign\`, the second JNA.)

Target: \`java.lang.foreign\` within 1.10x of C per message. Chapter 04's loop: $(score_ratio ffm c 64)x and
$(score_ratio ffm c 4096)x ($(target at-most 1.10 "$(score_ratio ffm c 64)" "$(score_ratio ffm c 4096)")). Chapter 05's latency loop: $(score_ratio latencyFfm latencyC 64)x and $(score_ratio latencyFfm latencyC 4096)x
($(target at-most 1.10 "$(score_ratio latencyFfm latencyC 64)" "$(score_ratio latencyFfm latencyC 4096)")); its bandwidth loop: $(score_ratio bandwidthFfm bandwidthC 64)x and $(score_ratio bandwidthFfm bandwidthC 4096)x ($(target at-most 1.10 "$(score_ratio bandwidthFfm bandwidthC 64)" "$(score_ratio bandwidthFfm bandwidthC 4096)")).
At 64 B Java takes $(added_to latencyFfm latencyC 64) ns more than C per latency message and $(added_to bandwidthFfm bandwidthC 64) ns more per bandwidth message.
The downcalls are the same in number as C's calls (a \`post_send\` per message; the \`poll_cq\` that
finds a completion, per message in the latency test, per hundred in the bandwidth test), and the
last two rows price the first part of the difference. They run the same loops with \`post_send\` a
\`critical\` downcall ([\`CriticalPostDataPath\`](../bench/src/main/java22/rdma/bench/CriticalPostDataPath.java)), which
the null device allows, since its \`post_send\` never enters the kernel, and soft-RoCE does not: its
\`post_send\` rings the doorbell with a system call, so the appendix makes it an ordinary downcall,
as a program must. An ordinary downcall moves the thread out of the JVM's state on the way out
and back into it on the way back, where it checks that no safepoint began meanwhile; a critical
one does neither. That change of state costs a latency message $(added_to latencyFfm latencyCriticalPost 64) ns and a bandwidth
message $(added_to bandwidthFfm bandwidthCriticalPost 64) ns at 64 B. What remains, $(added_to latencyCriticalPost latencyC 64) ns and $(added_to bandwidthCriticalPost bandwidthC 64) ns, is the Java code around
the calls: the work requests and completions read and written through bounds-checked buffers, the
calls reached through the chapters' \`DataPath\` and the waits' objects, where C's loop touches
its structures directly. C's loops do little per message ($(score latencyC 64) ns for a latency message,
$(score bandwidthC 64) ns for a bandwidth one), so a few nanoseconds are a large share of them; chapter 04's
pingpong does more per message (a receive refilled, two completions), and there they weigh less.
$(transition_verdict)

On a NIC, where a message takes a microsecond or more, these few nanoseconds are a percent or less.

To reproduce: \`bench/nulldevice.sh\` (it builds what it needs; a JDK of 22 or later is required).
SECTION
