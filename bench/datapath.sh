#!/usr/bin/env bash
# What one data-path call costs from Java, route by route, against the same call from C, on this
# host (no RDMA device needed): builds libtrivial.so and the C floor, runs the JMH benchmark of the
# bench module under Java 17 and, when one is installed, under a JDK of 22 or later (which adds the
# JDK's own java.lang.foreign downcall). This script only builds, runs and records, into
# bench/logs/datapath.log; rdma.bench.report.DataPathPage renders the section of docs/benchmarks.md.
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
log=bench/logs/datapath.log

newer_jdk=$(newer_jdk)
java17=${JAVA17_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}

# Builds the bench module with one JDK and runs JMH with it; writes "score|error JDK BENCHMARK ns"
# lines, JDK its label ($2).
run_jmh() {
  local jdk=$1 label=$2
  JAVA_HOME=$jdk mvn -q -B -pl bench -am package -DskipTests >&2
  JAVA_HOME=$jdk mvn -q -B -pl bench dependency:build-classpath -Dmdep.outputFile=target/classpath.txt -Dmdep.includeScope=runtime >&2
  "$jdk/bin/java" -cp "bench/target/classes:$(cat bench/target/classpath.txt)" org.openjdk.jmh.Main \
    -f 1 -wi 5 -w 1s -i 5 -r 1s -rf csv -rff "$out/jmh-$label.csv" \
    -jvmArgsAppend "-Dbench.trivial=$PWD/$out/libtrivial.so --enable-native-access=ALL-UNNAMED" >&2
  # "rdma.bench.DataPathBenchmark.jnaFunctionInvokeInt","avgt",1,5,555.1,12.3,"ns/op"
  tail -n +2 "$out/jmh-$label.csv" | awk -F, -v jdk="$label" '{ gsub(/"/, "", $1); n = split($1, part, ".")
    printf "score %s %s %s\nerror %s %s %s\n", jdk, part[n], $5, jdk, part[n], $6 }'
}

{
  echo "# bench/datapath.sh: JMH, 5 warm-up and 5 measured iterations of 1 s, one fork, on each JDK"
  log_facts
  echo "# c floor ns: $c_ns"
  run_jmh "$java17" 17
  if [ -n "$newer_jdk" ] && [ -x "$newer_jdk/bin/java" ]; then
    echo "# newer jdk: Java $(jdk_version "$newer_jdk")"
    run_jmh "$newer_jdk" newer
  fi
} > "$log.new"
mv "$log.new" "$log"
# The JDK that built the bench module last renders the page: its classes are that JDK's.
last_jdk=$java17
[ -n "$newer_jdk" ] && [ -x "$newer_jdk/bin/java" ] && last_jdk=$newer_jdk
"$last_jdk/bin/java" -cp bench/target/classes rdma.bench.report.DataPathPage "$log" docs/benchmarks.md
