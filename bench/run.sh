#!/usr/bin/env bash
# Starts one of bench's drivers (rdma.bench.run, in Java), which start, pin and time a benchmark's
# runs, write its log and render its section of docs/benchmarks.md: bench/NAME.sh calls this with
# the driver's class and its own arguments. The driver runs on $BENCH_JAVA_HOME's java when it is
# set (the appendix's benchmarks need 22 or later), and runs the chapters with the same JDK. It
# mostly waits for the runs; what it needs of the JVM is kept small, so that it takes little from
# them (the serial collector, no performance-data sampling).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
java=${BENCH_JAVA_HOME:+$BENCH_JAVA_HOME/bin/}java
driver=$1
shift
BENCH_FACTS=$(log_facts) BENCH_CHAPTERS=$(chapter_classpath) \
  exec "$java" -XX:+UseSerialGC -XX:-UsePerfData -Xmx256m -cp bench/target/classes "rdma.bench.run.$driver" "$@"
