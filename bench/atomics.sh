#!/usr/bin/env bash
# Chapter 10 against perftest's ib_atomic_lat and ib_atomic_bw, both atomic types, on the same
# devices in one session, runs alternating; then the chapter's shared counter with 1, 2 and 4
# clients. Its driver, rdma.bench.run.Atomics, records bench/logs/atomics.log, and AtomicsPage
# renders its section of docs/benchmarks.md.
#
#   mvn -q install -DskipTests && lab/run bench/atomics.sh      # in the soft-RoCE lab
#   bench/atomics.sh rxe0 rxe1 1                                # or: server dev, client dev, GID index
#
# Environment: ROUNDS (default 5) runs of each tool per type and test, and of the counter.
exec "$(dirname "$0")/run.sh" Atomics "$@"
