#!/usr/bin/env bash
# One-sided verbs against perftest, on the same devices in one session, runs alternating: chapter 05
# against ib_write_lat and ib_write_bw ("write"), chapter 06 against ib_read_lat and ib_read_bw
# ("read"), at 64 B, 4 KiB and 64 KiB; for write, inline and not; then, where perf can sample every
# CPU, where a minute-long 64 B latency run of each spends its CPU. Its driver,
# rdma.bench.run.RdmaPerf, records bench/logs/rdma-VERB.log, and RdmaPerfPage renders the section.
#
#   mvn -q install -DskipTests && lab/run bench/rdma-perf.sh write      # in the soft-RoCE lab
#   bench/rdma-perf.sh read rxe0 rxe1 1                                 # or: verb, server dev, client dev, GID index
#
# Environment: ROUNDS (default 5) runs of each tool per size and test.
exec "$(dirname "$0")/run.sh" RdmaPerf "$@"
