#!/usr/bin/env bash
# What one data-path call costs from Java, route by route, against the same call from C, on this
# host (no RDMA device needed): builds libtrivial.so and the C floor, runs the JMH benchmark of the
# bench module under Java 17 and, when one is installed, under a JDK of 22 or later (which adds the
# JDK's own java.lang.foreign downcall), and writes the table into docs/benchmarks.md.
#
#   bench/datapath.sh                    # JAVA22_HOME=/path/to/jdk to choose the newer JDK
#
# Run it on a quiet machine: anything else running makes every number larger.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

out=bench/target
mkdir -p "$out"
gcc -O2 -shared -fPIC -o "$out/libtrivial.so" bench/src/main/c/trivial.c
gcc -O2 -o "$out/cfloor" bench/src/main/c/cfloor.c -L"$out" -ltrivial -Wl,-rpath,"$PWD/$out"
c_ns=$("$out/cfloor" | cut -d' ' -f1)
echo "bench: C through the table: $c_ns ns/call" >&2

newer_jdk=$(newer_jdk)
java17=${JAVA17_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}

# Builds the bench module with one JDK and runs JMH with it; writes "benchmark score" lines.
run_jmh() {
  local jdk=$1 label=$2
  JAVA_HOME=$jdk mvn -q -B -pl bench -am package -DskipTests >&2
  JAVA_HOME=$jdk mvn -q -B -pl bench dependency:build-classpath -Dmdep.outputFile=target/classpath.txt -Dmdep.includeScope=runtime >&2
  "$jdk/bin/java" -cp "bench/target/classes:$(cat bench/target/classpath.txt)" org.openjdk.jmh.Main \
    -f 1 -wi 5 -w 1s -i 5 -r 1s -rf csv -rff "$out/jmh-$label.csv" \
    -jvmArgsAppend "-Dbench.trivial=$PWD/$out/libtrivial.so --enable-native-access=ALL-UNNAMED" >&2
  # "rdma.bench.DataPathBenchmark.jnaFunctionInvokeInt","avgt",1,5,555.1,12.3,"ns/op"
  tail -n +2 "$out/jmh-$label.csv" | awk -F, '{ gsub(/"/, "", $1); n = split($1, part, "."); printf "%s %.1f %.1f\n", part[n], $5, $6 }'
}

results17=$(run_jmh "$java17" 17)
results_newer=""
newer_version=""
if [ -n "$newer_jdk" ] && [ -x "$newer_jdk/bin/java" ]; then
  results_newer=$(run_jmh "$newer_jdk" newer)
  newer_version="Java $(jdk_version "$newer_jdk")"
fi
score() { awk -v name="$2" '$1 == name { printf "%s ± %s", $2, $3 }' <<<"$1"; }
cell() { local s; s=$(score "$1" "$2"); echo "${s:-n/a}"; }

rows=(
  "C, through the table (cfloor.c)|C|"
  "JNA \`Function.invokeInt\` (public; copies its arguments)|jnaFunctionInvokeInt|"
  "JNA \`Native.invokeInt\` through a MethodHandle (package-private; chapter 04's first route)|jnaNativeInvokeInt|"
  "JNA direct mapping, \`Pointer\` arguments (\`OPTION_SYMBOL_PROVIDER\`)|jnaDirectMappingPointer|"
  "JNA direct mapping, \`long\` arguments|jnaDirectMappingLong|"
  "the chapters' \`DataPath.ibv_poll_cq\` (direct mapping, \`Pointer\`s)|chaptersDataPath|"
  "JDK \`java.lang.foreign\` downcall|foreignDowncall|"
  "JDK \`java.lang.foreign\` downcall, \`critical(false)\`|foreignDowncallCritical|"
  "reading one int: \`Pointer.getInt\`|readIntPointer|"
  "reading one int: direct \`ByteBuffer.getInt\`|readIntByteBuffer|"
)

write_section datapath <<SECTION
## What one data-path call costs (host microbenchmark)

Measured by \`bench/datapath.sh\` on $(date -u +%Y-%m-%d), $(uname -m), $(nproc) CPUs, no RDMA device:
every route calls the same C function, \`int trivial(void *, int, void *)\` (the shape of
\`ibv_poll_cq\`), at an address read from a table of function pointers, as the data-path verbs
are reached through \`ibv_context.ops\`. JMH, average time per call, 5 warm-up and 5 measured
iterations of 1 s, one fork; ± is JMH's 99.9% confidence interval. The C floor is the best of 5
rounds of 200 million calls.

| route | Java 17 (ns/call) | ${newer_version:-no JDK 22+ found} (ns/call) |
| --- | --- | --- |
$(for row in "${rows[@]}"; do
    IFS='|' read -r label name _ <<<"$row"
    if [ "$name" = C ]; then
      echo "| $label | $c_ns | $c_ns |"
    else
      echo "| $label | $(cell "$results17" "$name") | $(cell "$results_newer" "$name") |"
    fi
  done)

With \`long\` instead of \`Pointer\` arguments JNA saves about a tenth of a call; the chapters keep
\`Pointer\`, which reads like the C signature. Below JNA's floor of about 100 ns (its own dispatch
through libffi) only the JDK's \`java.lang.foreign\` goes, which needs Java 22.

What it means for a message: one call is only part of one. The next section
(\`bench/nulldevice.sh\`) runs whole messages, chapter 04's loop against C's on the null device,
and projects them onto published NIC latencies. The lab cannot show any of this: there every
instruction is emulated.

To reproduce: \`mvn -q install -DskipTests && bench/datapath.sh\`.
SECTION
cat docs/benchmarks.md >&2
