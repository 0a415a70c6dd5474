#!/usr/bin/env bash
# The appendix's write latency (java.lang.foreign) against chapter 05's (JNA) and ib_write_lat (C),
# on a JDK of 22 or later, the same devices, one session, runs alternating, each Java sending
# inline what C did. Its driver, rdma.bench.run.Ffm, records bench/logs/ffm-write.log, and
# FfmWritePage renders its section of docs/benchmarks.md.
#
#   JAVA_HOME=<JDK 22+> mvn -q install -DskipTests && lab/run bench/ffm-write.sh   # in the lab
#   bench/ffm-write.sh rxe0 rxe1 1                 # or: server dev, client dev, GID index
#
# Environment: ROUNDS (default 7); SIZES (default "64 4096"); ITERS (default 5000) writes a run;
# JAVA22_HOME, the JDK (default: the newest).
. "$(dirname "$0")/lib.sh"
jdk=$(appendix_jdk) || exit 2
BENCH_JAVA_HOME=$jdk exec "$(dirname "$0")/run.sh" Ffm write "$@"
