#!/usr/bin/env bash
# Post lists: chapter 05's bandwidth test against ib_write_bw with the same --post_list (1, 4 and
# 16) at 64 B and 4 KiB, runs alternating; then 64 B with a list of 16 in minute-long runs, the
# first round's profiled with perf, which must be able to sample every CPU (it can in the lab). Its
# driver, rdma.bench.run.PostList, records bench/logs/post-list.log, and PostListPage renders it.
#
#   mvn -q install -DskipTests && lab/run bench/post-list.sh       # in the soft-RoCE lab
#   bench/post-list.sh rxe0 rxe1 1                                 # or: server dev, client dev, GID index
#
# Environment: ROUNDS (default 3) runs of each tool per size and list.
exec "$(dirname "$0")/run.sh" PostList "$@"
