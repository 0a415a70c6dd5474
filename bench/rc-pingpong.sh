#!/usr/bin/env bash
# Latency of chapter 04 (Java) against rdma-core's ibv_rc_pingpong (C), on the same devices in one
# session, runs alternating so that drift hits both alike: each tool's whole run, as it reports it,
# and its steady state (lib.sh's whole_and_steady). Writes docs/benchmarks.md.
#
#   mvn -q install -DskipTests && lab/run bench/rc-pingpong.sh      # in the soft-RoCE lab
#   bench/rc-pingpong.sh rxe0 rxe1 1                                 # or: server dev, client dev, GID index
#
# Environment: ROUNDS (default 5) rounds per size, each running both tools at N and 4N iterations.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

bench_devices "$@"
rounds=${ROUNDS:-5}

java_tool=(java -cp "$(chapter_classpath)" rdma.pingpong.rc.RcPingpongMain)
c_tool=(ibv_rc_pingpong)
port=18700

declare -A iters=([64]=10000 [4096]=3000 [65536]=500)
sizes=(64 4096 65536)
# Per size, each tool's runs, one a round, separated by spaces: so that a ratio is the median of each
# round's own ratio of Java to C, two runs minutes apart at most, not a ratio of medians taken while
# the lab's speed drifted (see lib.sh's round_ratios).
declare -A whole=() steady=()
pingpong_rounds "$rounds" "c java" "${sizes[@]}"

rows=()
for size in "${sizes[@]}"; do
  rows+=("| $size B | ${iters[$size]} | $(median_runs whole c "$size") | $(median_runs whole java "$size") |\
 $(median_ratio whole java c "$size")x | $(median_runs steady c "$size") | $(median_runs steady java "$size") | $(median_ratio steady java c "$size")x |")
done
# Java / C of the list named $1 at every size, for a chart: "1.72, 1.28, 1.28".
ratios_of() {
  local size ratios=()
  for size in "${sizes[@]}"; do ratios+=("$(median_ratio "$1" java c "$size")"); done
  comma_list "${ratios[@]}"
}

{
  echo "## Chapter 04 (Java) against ibv_rc_pingpong (C), in the lab"
  echo
  echo "Measured by \`bench/rc-pingpong.sh\` on $(date -u +%Y-%m-%d), server on \`$server_dev\`, client on"
  echo "\`$client_dev\`$( [ -n "$gid" ] && echo ", GID index $gid"), $rounds alternating rounds per size, the server on CPU 0 and the client on CPU 1"
  echo "(\`taskset\`: each side on a CPU of its own, as on two hosts). In each round each tool runs N and"
  echo "4N iterations. Whole is the client's \`usec/iter\` for the N-iteration run, what either tool reports:"
  echo "for Java it includes the first iterations, run interpreted while the JIT compiles the loop."
  echo "Steady is the extra 3N iterations of the longer run alone ((4 x its usec/iter minus the"
  echo "shorter run's) / 3), which leaves out what every run pays once. A cell is the median"
  echo "of the rounds; a ratio is the median of each round's own ratio of Java to C, two runs a minute"
  echo "or two apart, since the lab's speed drifts by more than that over a quarter of an hour. Above 1"
  echo "Java takes longer per iteration."
  echo
  pinned_jvm_note
  echo
  echo "| size | N | C whole | Java whole | Java/C whole | C steady | Java steady | Java/C steady |"
  echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
  printf '%s\n' "${rows[@]}"
  echo
  echo "\`\`\`mermaid"
  echo "xychart-beta"
  echo "    title \"Java / C, usec per iteration (1 is C's; lower is better)\""
  echo "    x-axis [\"64 B\", \"4 KiB\", \"64 KiB\"]"
  echo "    y-axis \"Java / C\""
  echo "    line [$(ratios_of whole)]"
  echo "    line [$(ratios_of steady)]"
  echo "\`\`\`"
  echo
  echo "(The lines: Java/C whole, then Java/C steady, as in the table.)"
  echo
  echo "The rounds' own ratios, lowest to highest, show how far apart the lab put runs of the same"
  echo "programs: whole $(ranges_of whole java c "${sizes[@]}"); steady $(ranges_of steady java c "${sizes[@]}")."
  echo
  echo "The project's target is Java within 1.10x of C in latency at 64 B and 4 KiB. In this run: whole"
  echo "$(median_ratio whole java c 64)x and $(median_ratio whole java c 4096)x, so the target is $(target at-most 1.10 "$(median_ratio whole java c 64)" "$(median_ratio whole java c 4096)") for the whole run; steady"
  echo "$(median_ratio steady java c 64)x and $(median_ratio steady java c 4096)x, so it is $(target at-most 1.10 "$(median_ratio steady java c 64)" "$(median_ratio steady java c 4096)") in the steady state."
  echo
  echo "Where: $( [ "${RDMA_LAB:-}" = 1 ] && echo "the soft-RoCE lab (qemu without hardware virtualisation, 2 vCPUs, the JVM with C1 only: see docs/soft-roce.md)" || echo "$(uname -n), $(nproc) CPUs")."
  echo "Java: $(java -version 2>&1 | grep -v "^Picked up" | head -n1); JNA $(pom_version jna). rdma-core: $(dpkg-query -W -f '${Version}' ibverbs-utils 2>/dev/null || echo unknown)."
  echo
  echo "Under CPU emulation both tools are slowed, but not equally: read the ratios as this lab's, and"
  echo "measure on your own hardware before drawing conclusions."
  echo
  echo "To reproduce: \`mvn -q install -DskipTests && lab/run bench/rc-pingpong.sh\` (or, with your own"
  echo "devices, \`bench/rc-pingpong.sh <server dev> <client dev> <gid index>\`)."
} | write_section rc-pingpong
cat docs/benchmarks.md
