#!/usr/bin/env bash
# What the soft-RoCE lab itself costs, on this host: lab/run of a command that does nothing,
# which boots the guest, creates the two devices and powers it off; and each chapter's demo
# (mvn -q -o -pl <chapter> exec:java), timed inside one lab session. Writes its section of
# docs/benchmarks.md. Runs on the host (it starts the lab itself), after lab/prepare.
#
#   bench/lab.sh
#
# Environment: ROUNDS (default 5).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

rounds=${ROUNDS:-5}
times=()
for _ in $(seq "$rounds"); do
  start=$(date +%s.%N)
  lab/run true 2>/dev/null
  times+=("$(awk -v start="$start" -v end="$(date +%s.%N)" 'BEGIN { printf "%.2f", end - start }')")
done
median_s=$(printf '%s\n' "${times[@]}" | median)

cpus=$(nproc)
accel=${LAB_ACCEL:-tcg}

# Each chapter's demo, inside one lab session: wall seconds, Maven and the JVM's start included.
demos=$(lab/run bench/lab-demos.sh 2>/dev/null)

write_section lab <<SECTION
## The lab itself

\`bench/lab.sh\`: \`lab/run true\`, which boots the guest, creates \`rxe0\` and \`rxe1\`, runs nothing
and powers off, $rounds times on a host of $cpus CPUs with \`$accel\` acceleration.

| runs | median | each run, s |
| ---: | ---: | --- |
| $rounds | $(printf '%.1f' "$median_s") s | $(printf '%.1f ' "${times[@]}") |

Each chapter's demo, \`mvn -q -o -pl <chapter> exec:java\` with no arguments, timed inside one lab
session (Maven and the JVM starting included, the boot not):

| Chapter | $(echo "$demos" | awk '{ printf "%s | ", substr($1, 1, 2) }')
| --- | $(echo "$demos" | awk '{ printf "--- | " }')
| seconds | $(echo "$demos" | awk '{ printf "%s | ", $2 }')
SECTION
echo "bench/lab.sh: median $(printf '%.1f' "$median_s") s over $rounds runs"
