#!/usr/bin/env bash
# What the soft-RoCE lab itself costs, on this host: lab/run of a command that does nothing,
# which boots the guest, creates the two devices and powers it off; each chapter's demo
# (mvn -q -o -pl <chapter> exec:java), timed inside one lab session (bench/lab-demos.sh); and where
# a JVM's start goes there, as the lab starts it and as it did before its cheaper starts
# (bench/lab-starts.sh). The learner's command as a learner runs it, the first command of a fresh
# boot, is bench/learner-command.sh's to time. Runs on the host (it starts the lab itself), after
# lab/prepare. This script only runs and records, into bench/logs/lab.log; rdma.bench.report.LabPage
# renders the section of docs/benchmarks.md from that log.
#
#   bench/lab.sh
#
# Environment: ROUNDS (default 5), STARTS_ROUNDS (default 3).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

rounds=${ROUNDS:-5}
log=bench/logs/lab.log
{
  echo "# bench/lab.sh: $rounds boots, the demos, and $((${STARTS_ROUNDS:-3})) rounds of starts"
  log_facts
  echo "# accel: ${LAB_ACCEL:-tcg}"
  echo "# boot ROUND seconds; demo CHAPTER seconds; start OPTIONS STEP ROUND seconds"
  for round in $(seq "$rounds"); do
    start=$(date +%s.%N)
    lab/run true > /dev/null 2>&1
    awk -v round="$round" -v start="$start" -v end="$(date +%s.%N)" 'BEGIN { printf "boot %d %.2f\n", round, end - start }'
  done
  # Each chapter's demo, inside one lab session: wall seconds, Maven and the JVM's start included.
  lab/run bench/lab-demos.sh 2>/dev/null
  # Where a start goes, each step under each set of options, round by round; the appendix's too,
  # where a JDK of 25 or later has made its cache (bin/class-data).
  appendix_jdk=$(newer_jdk)
  [ -x "$appendix_jdk/bin/java" ] && bin/class-data "$appendix_jdk/bin/java" &&
    [ -s target/class-data/appendix-current ] || appendix_jdk=
  lab/run env ROUNDS="${STARTS_ROUNDS:-3}" APPENDIX_JDK="$appendix_jdk" bench/lab-starts.sh 2>/dev/null
} > "$log.new"
mv "$log.new" "$log"
java -cp bench/target/classes rdma.bench.report.LabPage "$log" docs/benchmarks.md
