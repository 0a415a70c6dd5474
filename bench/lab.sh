#!/usr/bin/env bash
# What the soft-RoCE lab itself costs, on this host: lab/run of a command that does nothing,
# which boots the guest, creates the two devices and powers it off; each chapter's demo
# (mvn -q -o -pl <chapter> exec:java), timed inside one lab session; and where a JVM's start goes
# there, under the lab's JVM options and with fewer JVM threads (bench/lab-starts.sh).
# Writes its section of docs/benchmarks.md. Runs on the host (it starts the lab itself), after
# lab/prepare.
#
#   bench/lab.sh
#
# Environment: ROUNDS (default 5), STARTS_ROUNDS (default 3).
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

# Where a start goes, each step's median under each set of options, and the paired ratio.
starts_rounds=${STARTS_ROUNDS:-3}
starts=$(lab/run env ROUNDS="$starts_rounds" bench/lab-starts.sh 2>/dev/null)
runs_of() { echo "$starts" | awk -v set="$1" -v step="$2" '$1 == set && $2 == step { printf "%s ", $3 }'; }
start_row() {
  local lab lean
  lab=$(runs_of lab "$1"); lean=$(runs_of lean "$1")
  printf '| %s | %.1f s | %.1f s | %sx (%s) |\n' "$2" "$(median_of "$lab")" "$(median_of "$lean")" \
    "$(paired_median "$lean" "$lab")" "$(ratio_range "$lean" "$lab")"
}

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

Where a start goes (\`bench/lab-starts.sh\`, inside one lab session, $starts_rounds rounds): each step
under the lab's JVM options (\`$(echo "$starts" | sed -n 's/^lab: //p')\`), and *lean*, with
\`-XX:+UseSerialGC -XX:CICompilerCount=1\` added (fewer JVM threads to share the two emulated CPUs
with the program's), alternating. The ratio is the median of each round's lean/lab, with the
rounds' range.

| step | lab | lean | lean/lab |
| --- | ---: | ---: | --- |
$(start_row jvm "\`java -version\`: a JVM alone")
$(start_row maven "\`mvn -q -o -pl 04-rc-pingpong validate\`: Maven's start and its model of the build")
$(start_row program "\`bin/chapter 04-rc-pingpong --demo -n 1\`: a program's start, one message")
$(start_row learner "\`mvn -q -o -pl 04-rc-pingpong exec:java\`: the learner's command")
SECTION
echo "bench/lab.sh: median $(printf '%.1f' "$median_s") s over $rounds runs"
