#!/usr/bin/env bash
# Chapter 04's pingpong with its data path through java.lang.foreign (appendix-ffm), beside the
# same program through JNA and rdma-core's ibv_rc_pingpong, on the same devices in one session,
# runs alternating. Each tool runs N and 2N iterations: the N-iteration run's usec/iter is the
# whole run as every tool reports it (JIT warm-up included, for Java), and (2N x its usec/iter -
# N x the shorter run's) / N is the cost of the extra iterations alone, the steady state, as
# perftest separates its warm-up. Writes docs/benchmarks.md.
#
#   JAVA_HOME=<JDK 22+> mvn -q install -DskipTests && lab/run bench/ffm-pingpong.sh   # in the lab
#   bench/ffm-pingpong.sh rxe0 rxe1 1                 # or: server dev, client dev, GID index
#
# Environment: ROUNDS (default 5) rounds per size; SIZES (default "64 4096"); JAVA22_HOME, the JDK
# both Java routes run on (default: the newest of 22 or later under /usr/lib/jvm).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

bench_devices "$@"
rounds=${ROUNDS:-5}
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

declare -A whole=() steady=() runs_whole=() runs_steady=()
for size in $sizes; do
  runs_whole=() runs_steady=()
  for round in $(seq "$rounds"); do
    for tool in c jna ffm; do
      port=$((port + 2))
      read -r w s < <(whole_and_steady "${tool}_tool" "$size" "${iters[$size]}" "$port")
      runs_whole[$tool]+="$w "; runs_steady[$tool]+="$s "
      echo "bench: size $size round $round $tool: whole $w usec/iter, steady $s usec/iter" >&2
    done
  done
  for tool in c jna ffm; do
    whole[$tool,$size]=$(median_of "${runs_whole[$tool]}")
    steady[$tool,$size]=$(median_of "${runs_steady[$tool]}")
  done
done

{
  echo "## Appendix: the pingpong through \`java.lang.foreign\`, in the lab"
  echo
  echo "Measured by \`bench/ffm-pingpong.sh\` on $(date -u +%Y-%m-%d), server on \`$server_dev\`, client on"
  echo "\`$client_dev\`$( [ -n "$gid" ] && echo ", GID index $gid"), $rounds alternating rounds per size. In each round every tool"
  echo "runs N and 2N iterations; a cell is the median over the rounds of the client's \`usec/iter\`"
  echo "for the N-iteration run (whole), and of the extra N iterations alone (steady: 2N x the long"
  echo "run's usec/iter minus N x the short one's, divided by N), which leaves out what every run pays"
  echo "once: the JIT compiling the loop, the first messages. Both Java routes ran on Java $(jdk_version "$jdk"),"
  echo "the same program with the data path as the only difference."
  echo
  echo "| size | N | C whole | C steady | JNA whole | JNA steady | FFM whole | FFM steady | JNA/C steady | FFM/C steady |"
  echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
  for size in $sizes; do
    echo "| $size B | ${iters[$size]} | ${whole[c,$size]} | ${steady[c,$size]} | ${whole[jna,$size]} | ${steady[jna,$size]} | ${whole[ffm,$size]} | ${steady[ffm,$size]} | $(ratio "${steady[jna,$size]}" "${steady[c,$size]}")x | $(ratio "${steady[ffm,$size]}" "${steady[c,$size]}")x |"
  done
  echo
  echo "\`\`\`mermaid"
  echo "xychart-beta"
  echo "    title \"64 B pingpong in the lab, steady state (usec/iter, lower is better)\""
  echo "    x-axis [\"C\", \"Java + FFM\", \"Java + JNA\"]"
  echo "    y-axis \"usec per iteration\""
  echo "    bar [${steady[c,64]}, ${steady[ffm,64]}, ${steady[jna,64]}]"
  echo "\`\`\`"
  echo
  echo "Where: $( [ "${RDMA_LAB:-}" = 1 ] && echo "the soft-RoCE lab (qemu without hardware virtualisation, 2 vCPUs, the JVM with C1 only: see docs/soft-roce.md)" || echo "$(uname -n), $(nproc) CPUs")."
  echo "JNA $(pom_version jna). rdma-core: $(dpkg-query -W -f '${Version}' ibverbs-utils 2>/dev/null || echo unknown)."
  echo
  echo "To reproduce: \`JAVA_HOME=<JDK 22+> mvn -q install -DskipTests && lab/run bench/ffm-pingpong.sh\`."
} | write_section ffm-pingpong
