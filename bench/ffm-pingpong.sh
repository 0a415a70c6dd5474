#!/usr/bin/env bash
# Chapter 04's pingpong with its data path through java.lang.foreign (appendix-ffm), beside the
# same program through JNA and rdma-core's ibv_rc_pingpong, on the same devices in one session,
# runs alternating, each side on a CPU of its own. Each tool runs N and 4N iterations: the
# N-iteration run's usec/iter is the whole run as every tool reports it (JIT warm-up included, for
# Java), and lib.sh's steady_of the two is the cost of the extra iterations alone, the steady
# state, as perftest separates its warm-up. A ratio is the median of each round's own ratio, runs
# a minute apart, not a ratio of medians. Writes docs/benchmarks.md.
#
#   JAVA_HOME=<JDK 22+> mvn -q install -DskipTests && lab/run bench/ffm-pingpong.sh   # in the lab
#   bench/ffm-pingpong.sh rxe0 rxe1 1                 # or: server dev, client dev, GID index
#
# Environment: ROUNDS (default 7, where the chapters' benchmarks run 5: the lab spoils a round or
# two of a session, and a median of 7 moves less for them) rounds per size; SIZES (default
# "64 4096"); JAVA22_HOME, the JDK both Java routes run on (default: the newest of 22 or later
# under /usr/lib/jvm).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

bench_devices "$@"
rounds=${ROUNDS:-7}
sizes=${SIZES:-64 4096}
jdk=$(newer_jdk)
[ -x "$jdk/bin/java" ] || { echo "bench: the appendix needs a JDK of 22 or later: set JAVA22_HOME" >&2; exit 2; }
[ -d appendix-ffm/target/classes ] || { echo "bench: build the appendix first: JAVA_HOME=$jdk mvn -q install -DskipTests" >&2; exit 2; }

# Both Java routes on the same JDK, so that only the route differs.
jna_tool=("$jdk/bin/java" -cp "$(chapter_classpath)" rdma.pingpong.rc.RcPingpongMain)
ffm_tool=("$jdk/bin/java" --enable-native-access=ALL-UNNAMED -cp "$PWD/appendix-ffm/target/classes:$(chapter_classpath)"
  rdma.foreign.app.ForeignMain pingpong)
c_tool=(ibv_rc_pingpong)
declare -A iters=([64]=10000 [4096]=3000)
port=18900

# The runs, as lib.sh's median_runs reads them.
declare -A whole=() steady=()
pingpong_rounds "$rounds" "c jna ffm" $sizes

{
  echo "## Appendix: the pingpong through \`java.lang.foreign\`, in the lab"
  echo
  echo "Measured by \`bench/ffm-pingpong.sh\` on $(date -u +%Y-%m-%d), server on \`$server_dev\`, client on"
  echo "\`$client_dev\`$( [ -n "$gid" ] && echo ", GID index $gid"), $rounds alternating rounds per size, the server on CPU 0 and the client on"
  echo "CPU 1 (\`taskset\`: each side on a CPU of its own, as on two hosts). In each round every tool runs N"
  echo "and 4N iterations. Whole is the client's \`usec/iter\` for the N-iteration run; steady is the"
  echo "longer run's extra 3N iterations alone ((4 x its usec/iter minus the shorter run's) / 3), which"
  echo "leaves out what every run pays once: the JIT compiling the loop, the first messages. A cell is"
  echo "the median of the rounds. Both Java routes ran on Java $(jdk_version "$jdk"), the same program with the"
  echo "data path as the only difference."
  echo
  pinned_jvm_note
  echo
  echo "| size | N | C whole | JNA whole | FFM whole | C steady | JNA steady | FFM steady |"
  echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
  for size in $sizes; do
    echo "| $size B | ${iters[$size]} | $(median_runs whole c "$size") | $(median_runs whole jna "$size") | $(median_runs whole ffm "$size") | $(median_runs steady c "$size") | $(median_runs steady jna "$size") | $(median_runs steady ffm "$size") |"
  done
  echo
  echo "A ratio is the median of each round's own ratio, of runs a minute apart: the lab's speed drifts"
  echo "by more than these differences over a quarter of an hour. Above 1 the first takes longer."
  echo
  echo "| size | JNA/C whole | FFM/C whole | JNA/C steady | FFM/C steady | FFM/JNA steady |"
  echo "| --- | --- | --- | --- | --- | --- |"
  for size in $sizes; do
    echo "| $size B | $(median_ratio whole jna c "$size")x | $(median_ratio whole ffm c "$size")x | $(median_ratio steady jna c "$size")x | $(median_ratio steady ffm c "$size")x | $(median_ratio steady ffm jna "$size")x |"
  done
  echo
  echo "The rounds' own steady ratios, lowest to highest, show how far apart the lab put runs of the same"
  echo "programs: JNA/C $(ranges_of steady jna c $sizes); FFM/C $(ranges_of steady ffm c $sizes); FFM/JNA $(ranges_of steady ffm jna $sizes)."
  echo
  echo "\`\`\`mermaid"
  echo "xychart-beta"
  echo "    title \"64 B pingpong in the lab, steady state (usec/iter, lower is better)\""
  echo "    x-axis [\"C\", \"Java + FFM\", \"Java + JNA\"]"
  echo "    y-axis \"usec per iteration\""
  echo "    bar [$(median_runs steady c 64), $(median_runs steady ffm 64), $(median_runs steady jna 64)]"
  echo "\`\`\`"
  echo
  echo "Where: $( [ "${RDMA_LAB:-}" = 1 ] && echo "the soft-RoCE lab (qemu without hardware virtualisation, 2 vCPUs, the JVM with C1 only: see docs/soft-roce.md)" || echo "$(uname -n), $(nproc) CPUs")."
  echo "JNA $(pom_version jna). rdma-core: $(dpkg-query -W -f '${Version}' ibverbs-utils 2>/dev/null || echo unknown)."
  echo
  echo "To reproduce: \`JAVA_HOME=<JDK 22+> mvn -q install -DskipTests && lab/run bench/ffm-pingpong.sh\`."
} | write_section ffm-pingpong
