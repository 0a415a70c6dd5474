#!/usr/bin/env bash
# What a message costs in software alone, C against the chapters' Java: chapter 04's pingpong loop
# and rc_pingpong's loop in C, run on the null device (bench/src/main/c/nulldev.c), which stands
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
gcc -O2 -Wall -Wextra -shared -fPIC -o "$out/libibverbs.so" bench/src/main/c/nulldev.c -lpthread
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
"$jdk/bin/java" -cp "bench/target/classes:$(cat bench/target/classpath.txt)" org.openjdk.jmh.Main 'NullDevice' \
  -f 2 -wi 5 -w 1s -i 5 -r 1s -rf csv -rff "$out/jmh.csv" \
  -jvmArgsAppend "-Djna.library.path=$PWD/$out -Dbench.cloops=$PWD/$out/libcloops.so --enable-native-access=ALL-UNNAMED" >&2

# "rdma.bench.NullDeviceBenchmark.jna","avgt",1,10,281.7,5.6,"ns/op",64  ->  "jna 64 281.7 5.6"
results=$(tail -n +2 "$out/jmh.csv" | tr -d '\r' | awk -F, '{ gsub(/"/, ""); n = split($1, part, "."); printf "%s %s %.1f %.1f\n", part[n], $8, $5, $6 }')
echo "$results" >&2
score() { awk -v r="$1" -v s="$2" '$1 == r && $2 == s { print $3 }' <<<"$results"; }
error() { awk -v r="$1" -v s="$2" '$1 == r && $2 == s { print $4 }' <<<"$results"; }
ratio() { awk -v a="$(score "$1" "$3")" -v b="$(score "$2" "$3")" 'BEGIN { printf "%.2f", a / b }'; }
added() { awk -v a="$(score "$1" "$2")" -v c="$(score c "$2")" 'BEGIN { printf "%.0f", a - c }'; }

# Published one-way latencies, ib_send_lat over RC, median, MTU 4096 (see the section for the source).
nic_us_32=0.83
nic_us_4k=2.28
# A pingpong iteration is a round trip: two one-way latencies. Each side's software lies on it once.
projected() { awk -v nic="$1" -v extra="$(added "$2" "$3")" 'BEGIN { printf "%.2f", (2 * nic + 2 * extra / 1000) / (2 * nic) }'; }

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
lab, Java adds about $(awk -v j="$(added jna 64)" 'BEGIN { printf "%.1f", 2 * j / 1000 }') us per 64 B iteration through JNA and about $(awk -v f="$(added ffm 64)" 'BEGIN { printf "%.1f", 2 * f / 1000 }') us through
\`java.lang.foreign\`, before any packet moves: set that beside the lab's pingpong in the sections below.

To reproduce: \`lab/run bench/nulldevice.sh\` (after \`bench/nulldevice.sh\` on the host, which builds what it needs).
LAB
}

row() {
  local route=$1 label=$2
  echo "| $label | $(score "$route" 64) ± $(error "$route" 64) | $(ratio "$route" c 64)x | $(score "$route" 4096) ± $(error "$route" 4096) | $(ratio "$route" c 4096)x |"
}

if [ "${RDMA_LAB:-}" = 1 ]; then
  lab_section
  exit 0
fi

write_section nulldevice <<SECTION
## What a message costs in software alone (null device, host)

Measured by \`bench/nulldevice.sh\` on $(date -u +%Y-%m-%d), $(uname -m), $(nproc) CPUs, Java $java_version, no RDMA
device. The null device ([\`bench/src/main/c/nulldev.c\`](../bench/src/main/c/nulldev.c)) stands in
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
wire): JNA adds about $(added jna 64) ns per message, a projected Java/C ratio of at most
$(projected "$nic_us_32" jna 64)x at 64 B and $(projected "$nic_us_4k" jna 4096)x at 4 KiB; \`java.lang.foreign\` adds about $(added ffm 64) ns, at
most $(projected "$nic_us_32" ffm 64)x and $(projected "$nic_us_4k" ffm 4096)x. The lab cannot show either: there every instruction is emulated.

To reproduce: \`bench/nulldevice.sh\` (it builds what it needs; a JDK of 22 or later is required).
SECTION
