#!/usr/bin/env bash
# Latency of chapter 04 (Java) against rdma-core's ibv_rc_pingpong (C), on the same devices in one
# session, runs alternating so that drift hits both alike, each side on a CPU of its own, each tool
# at N and 4N iterations a round. Its driver, rdma.bench.run.RcPingpong, records
# bench/logs/rc-pingpong.log, and RcPingpongPage renders its section of docs/benchmarks.md.
#
#   mvn -q install -DskipTests && lab/run bench/rc-pingpong.sh      # in the soft-RoCE lab
#   bench/rc-pingpong.sh rxe0 rxe1 1                                 # or: server dev, client dev, GID index
#
# Environment: ROUNDS (default 5) rounds per size.
exec "$(dirname "$0")/run.sh" RcPingpong "$@"
