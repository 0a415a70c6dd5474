#!/usr/bin/env bash
# How long CI takes, step by step: .ci/run, what CI runs, on a fresh clone of this repository's
# HEAD, here. .ci/run says at each step's end how long it took ("=== ci: STEP took Ns"); this
# script records those lines and the whole run's time into bench/logs/ci.log, and
# rdma.bench.report.CiPage renders the section of docs/benchmarks.md from that log.
#
#   mvn -q install -DskipTests && bench/ci.sh     # on the host, as root (it installs packages), with
#                                                  # nothing else running: about half an hour
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

work=$(mktemp -d /tmp/bench-ci.XXXXXX)
trap 'rm -rf "$work"' EXIT
git clone -q . "$work/repo"
start=$SECONDS
if ! "$work/repo/.ci/run" > "$work/run.txt" 2>&1; then
  # The clone goes, its log stays: what failed may have scrolled out of the tail.
  cp "$work/run.txt" /tmp/bench-ci-run.txt
  tail -n 40 "$work/run.txt" >&2
  echo "bench: .ci/run failed; its whole output is in /tmp/bench-ci-run.txt" >&2
  exit 1
fi
log=bench/logs/ci.log
{
  echo "# bench/ci.sh: .ci/run on a fresh clone"
  log_facts
  echo "# commit: $(git -C "$work/repo" rev-parse --short HEAD)"
  echo "# step N SECONDS, each named by a line \"# step N: NAME\"; total SECONDS"
  # A step's end line may follow output that ended without a newline (Maven's last colour reset,
  # the lab's carriage returns): it is found anywhere in a line.
  tr -d '\r' < "$work/run.txt" | sed -n 's/^.*=== ci: \(.*\) took \([0-9]*\)s$/\1|\2/p' \
    | awk -F'|' '{ print "# step " NR ": " $1; print "step", NR, $2 }'
  echo "total $((SECONDS - start))"
} > "$log.new"
mv "$log.new" "$log"
# Each step beside its time in the run it is compared with, where there is one: bench/logs/ci-before.log,
# a run of an earlier commit on the same host in the same session (hosts differ in pace by more than
# a change gains), kept until a change is measured against a newer one.
earlier=bench/logs/ci-before.log
java -cp bench/target/classes rdma.bench.report.CiPage "$log" docs/benchmarks.md $([ ! -f "$earlier" ] || echo "$earlier")
