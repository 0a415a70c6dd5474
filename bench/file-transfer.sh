#!/usr/bin/env bash
# Chapter 07 against perftest's ib_write_bw, in one session, runs alternating: a 1 GiB file with the
# chapter's defaults, the chapter's transport alone (no file, no hash) three ways of waiting, and
# ib_write_bw moving the same bytes with the same message size and depth; then where the time goes
# and the sweep that chose the defaults. Its driver, rdma.bench.run.FileTransfer, records
# bench/logs/file-transfer.log, and FileTransferPage renders its section of docs/benchmarks.md.
#
#   mvn -q install -DskipTests && LAB_MEMORY=8G lab/run bench/file-transfer.sh   # in the soft-RoCE lab
#   bench/file-transfer.sh rxe0 rxe1 1                                           # or: server dev, client dev, GID index
#
# The lab needs 8G: the file and its copy live in its memory. Environment: ROUNDS (default 3); MIB
# (default 1024), the file's size, less only to try the script out.
exec "$(dirname "$0")/run.sh" FileTransfer "$@"
