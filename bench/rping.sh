#!/usr/bin/env bash
# Chapter 09 against rdma-core's rping, on the same devices in one session, alternating rounds: the
# time from a client's start to its connection's ESTABLISHED (each client against C's server), and
# the time per validated ping at 64 B and 4 KiB (each client against its own kind of server). Its
# driver, rdma.bench.run.Rping, records bench/logs/rping.log, and RpingPage renders its section.
#
#   mvn -q install -DskipTests && lab/run bench/rping.sh        # in the soft-RoCE lab
#   bench/rping.sh 192.0.2.1 192.0.2.2                          # or: server address, client address
#
# Environment: ROUNDS (default 5) per measurement; PINGS (default 2000) per run.
exec "$(dirname "$0")/run.sh" Rping "$@"
