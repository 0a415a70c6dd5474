#!/usr/bin/env bash
# Chapter 08's three ways to wait, in one session: the pingpong at 64 B and 4 KiB in each mode next
# to ibv_rc_pingpong without and with -e (latency, and CPU per iteration of both sides), the file
# transfer in each mode, a pingpong server whose client stopped, a receiver waiting for senders,
# and where the CPU of a pingpong on events goes. Its driver, rdma.bench.run.CompChannel, records
# bench/logs/comp-channel.log, and CompChannelPage renders its section of docs/benchmarks.md.
#
#   mvn -q install -DskipTests && LAB_MEMORY=8G lab/run bench/comp-channel.sh   # in the soft-RoCE lab
#   bench/comp-channel.sh rxe0 rxe1 1                                           # or: server dev, client dev, GID index
#
# Environment: ROUNDS (default 5) runs of each pingpong; ITERS (default 5000) iterations in the short one;
# MIB (default 1024) the transferred file's size, less only to try the script out.
exec "$(dirname "$0")/run.sh" CompChannel "$@"
