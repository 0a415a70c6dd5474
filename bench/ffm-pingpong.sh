#!/usr/bin/env bash
# The appendix's pingpong (java.lang.foreign) against chapter 04's (JNA) and ibv_rc_pingpong (C), on
# a JDK of 22 or later, the same devices, one session, runs alternating, each tool at N and 4N
# iterations a round. Its driver, rdma.bench.run.Ffm, records bench/logs/ffm-pingpong.log, and
# FfmPingpongPage renders its section of docs/benchmarks.md.
#
#   JAVA_HOME=<JDK 22+> mvn -q install -DskipTests && lab/run bench/ffm-pingpong.sh   # in the lab
#   bench/ffm-pingpong.sh rxe0 rxe1 1                 # or: server dev, client dev, GID index
#
# Environment: ROUNDS (default 7); SIZES (default "64 4096"); JAVA22_HOME, the JDK (default: the newest).
. "$(dirname "$0")/lib.sh"
jdk=$(appendix_jdk) || exit 2
BENCH_JAVA_HOME=$jdk exec "$(dirname "$0")/run.sh" Ffm pingpong "$@"
