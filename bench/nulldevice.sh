#!/usr/bin/env bash
# What a message costs in software alone, C against the chapters' Java: chapter 04's pingpong loop
# and rc_pingpong's loop in C, run on the null device (appendix-ffm/src/test/c/nulldev.c), which stands
# in for libibverbs and completes every work request in memory as it is posted: no kernel, no
# wire, no emulator, full JIT speed. One JMH run on a JDK of 22 or later measures three routes
# side by side: C (cloops.c, verbs.h's inline calls), the chapters' JNA data path, and the
# appendix's java.lang.foreign data path. This script only builds, runs and records, into
# bench/logs/nulldevice.log (nulldevice-lab.log in the lab); rdma.bench.report.NullDevicePage renders
# the section of docs/benchmarks.md from that log, and projects the difference onto published NIC
# latencies.
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

# "rdma.bench.NullDeviceBenchmark.jna","avgt",1,10,281.7,5.6,"ns/op",64  ->  "score jna 64 281.7", "error jna 64 5.6"
log=bench/logs/nulldevice.log
if [ "${RDMA_LAB:-}" = 1 ]; then log=bench/logs/nulldevice-lab.log; fi
{
  echo "# bench/nulldevice.sh: JMH on the null device, 2 forks of 5 warm-up and 5 measured iterations of 1 s"
  log_facts
  echo "# jdk: $java_version"
  echo "# score|error ROUTE SIZE ns/message (error: JMH's 99.9% confidence interval)"
  tail -n +2 "$out/jmh.csv" | tr -d '\r' | awk -F, '{ gsub(/"/, ""); n = split($1, part, ".")
    printf "score %s %s %s\nerror %s %s %s\n", part[n], $8, $5, part[n], $8, $6 }'
} > "$log.new"
mv "$log.new" "$log"
# The JDK that built the bench module renders the page: its classes are that JDK's.
"$jdk/bin/java" -cp bench/target/classes rdma.bench.report.NullDevicePage "$log" docs/benchmarks.md
