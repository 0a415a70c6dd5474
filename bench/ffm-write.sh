#!/usr/bin/env bash
# Chapter 05's write latency test with its data path through java.lang.foreign (appendix-ffm
# write), beside the same test through JNA (chapter 05's program) and perftest's ib_write_lat, on
# the same devices in one session, runs alternating. Every tool reports perftest's latency table;
# a cell is the median over the rounds of the client's t_typical (the median iteration, which
# leaves the JIT's warm-up out) and of its t_avg (the mean, which keeps it in), and a ratio the
# median of each round's own ratio. Java sends inline exactly what ib_write_lat said it did. Writes
# docs/benchmarks.md.
#
#   JAVA_HOME=<JDK 22+> mvn -q install -DskipTests && lab/run bench/ffm-write.sh   # in the lab
#   bench/ffm-write.sh rxe0 rxe1 1                 # or: server dev, client dev, GID index
#
# Environment: ROUNDS (default 7, where the chapters' benchmarks run 5: the lab spoils a round or
# two of a session, and a median of 7 moves less for them) rounds per size; SIZES (default
# "64 4096"); ITERS (default 5000) writes a run; JAVA22_HOME, the JDK both Java routes run on
# (default: the newest of 22 or later under /usr/lib/jvm).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

bench_devices "$@"
rounds=${ROUNDS:-7}
sizes=${SIZES:-64 4096}
iters=${ITERS:-5000}
jdk=$(newer_jdk)
[ -x "$jdk/bin/java" ] || { echo "bench: the appendix needs a JDK of 22 or later: set JAVA22_HOME" >&2; exit 2; }
[ -d appendix-ffm/target/classes ] || { echo "bench: build the appendix first: JAVA_HOME=$jdk mvn -q install -DskipTests" >&2; exit 2; }

# Both Java routes on the same JDK, so that only the route differs. perftest names the GID index -x.
jna_tool=("$jdk/bin/java" -cp "$(chapter_classpath)" rdma.write.perf.RdmaWriteMain "${gid_args[@]}")
ffm_tool=("$jdk/bin/java" --enable-native-access=ALL-UNNAMED -cp "$PWD/appendix-ffm/target/classes:$(chapter_classpath)"
  rdma.foreign.app.ForeignMain write "${gid_args[@]}")
c_tool=(ib_write_lat -F)
[ -n "$gid" ] && c_tool+=(-x "$gid")
port=19100

# The runs, as lib.sh's median_runs reads them.
declare -A typical=() average=()
for size in $sizes; do
  for round in $(seq "$rounds"); do
    inline=0
    for tool in c jna ffm; do
      port=$((port + 1))
      command=${tool}_tool[@]
      options=(-s "$size" -n "$iters")
      [ "$tool" != c ] && options+=(-I "$inline")
      pair=run_pair; [ "$tool" = c ] && pair=perftest_pair
      report=$($pair "$port" "${!command}" "${options[@]}")
      [ "$tool" = c ] && inline=$(inline_of "$report")
      t=$(table_value t_typical 5 <<< "$report"); a=$(table_value t_typical 6 <<< "$report")
      [ -n "$t" ] && [ -n "$a" ] || { cat /tmp/bench-client.txt /tmp/bench-server.txt >&2; exit 1; }
      typical[$tool,$size]+="$t "; average[$tool,$size]+="$a "
      echo "bench: size $size round $round $tool: t_typical $t, t_avg $a usec" >&2
    done
  done
done

{
  echo "## Appendix: RDMA WRITE latency through \`java.lang.foreign\`, in the lab (chapter 05)"
  echo
  echo "Measured by \`bench/ffm-write.sh\` on $(date -u +%Y-%m-%d), server on \`$server_dev\`, client on"
  echo "\`$client_dev\`$( [ -n "$gid" ] && echo ", GID index $gid"), $rounds alternating rounds per size of $iters writes each:"
  echo "\`ib_write_lat\`, chapter 05's test through JNA, and the same test through \`java.lang.foreign\`"
  echo "(\`appendix-ffm write\`), each side writing into the other's memory and watching its own for the"
  echo "answer. A cell is the median over the rounds of the client's t_typical (the median iteration: the"
  echo "JIT's warm-up left out) or t_avg (the mean: warm-up kept in), in usec, half a round trip as"
  echo "perftest reports a write's latency; a ratio, of t_typical, is the median of each round's own ratio,"
  echo "of runs a minute apart. Java sent inline what \`ib_write_lat\` said it did. Both Java"
  echo "routes ran on Java $(jdk_version "$jdk"), the same program with the data path as the only difference."
  echo
  echo "| size | C t_typical | JNA t_typical | FFM t_typical | JNA/C | FFM/C | C t_avg | JNA t_avg | FFM t_avg |"
  echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
  for size in $sizes; do
    echo "| $size B | $(median_runs typical c "$size") | $(median_runs typical jna "$size") | $(median_runs typical ffm "$size") | $(median_ratio typical jna c "$size")x | $(median_ratio typical ffm c "$size")x | $(median_runs average c "$size") | $(median_runs average jna "$size") | $(median_runs average ffm "$size") |"
  done
  first=${sizes%% *}
  echo
  echo "The rounds' own ratios, lowest to highest, show how far apart the lab put runs of the same"
  echo "programs: JNA/C $(ranges_of typical jna c $sizes); FFM/C $(ranges_of typical ffm c $sizes)."
  echo
  echo "\`\`\`mermaid"
  echo "xychart-beta"
  echo "    title \"$first B RDMA WRITE latency in the lab, t_typical (usec, lower is better)\""
  echo "    x-axis [\"C\", \"Java + FFM\", \"Java + JNA\"]"
  echo "    y-axis \"usec\""
  echo "    bar [$(median_runs typical c "$first"), $(median_runs typical ffm "$first"), $(median_runs typical jna "$first")]"
  echo "\`\`\`"
  echo
  echo "Where: $( [ "${RDMA_LAB:-}" = 1 ] && echo "the soft-RoCE lab (qemu without hardware virtualisation, 2 vCPUs, the JVM with C1 only: see docs/soft-roce.md)" || echo "$(uname -n), $(nproc) CPUs")."
  echo "JNA $(pom_version jna). rdma-core: $(dpkg-query -W -f '${Version}' ibverbs-utils 2>/dev/null || echo unknown); perftest: $(dpkg-query -W -f '${Version}' perftest 2>/dev/null || echo unknown)."
  echo
  echo "To reproduce: \`JAVA_HOME=<JDK 22+> mvn -q install -DskipTests && lab/run bench/ffm-write.sh\`."
} | write_section ffm-write
