#!/usr/bin/env bash
# Chapter 12 (Java) against rdma-core's ibv_srq_pingpong (C): 16 QPs on one shared receive queue on
# each side, on the same devices in one session, runs alternating, each side on a CPU of its own,
# each tool at N and 4N iterations a round. Its driver, rdma.bench.run.SrqPingpong, records
# bench/logs/srq-pingpong.log, and SrqPingpongPage renders its section of docs/benchmarks.md.
#
#   mvn -q install -DskipTests && lab/run bench/srq-pingpong.sh      # in the soft-RoCE lab
#   bench/srq-pingpong.sh rxe0 rxe1 1                                 # or: server dev, client dev, GID index
#
# Environment: ROUNDS (default 5) rounds per size.
exec "$(dirname "$0")/run.sh" SrqPingpong "$@"
