#!/usr/bin/env bash
# The learner's command, `lab/run mvn -q -o -pl 04-rc-pingpong exec:java`, as a learner runs it (the
# first command of a fresh boot), on this checkout and on an earlier commit, in boots that
# alternate between the two: the host's pace moves by a fifth within the hour, and so falls on
# both alike. Each boot is timed twice: the command inside the guest (bench/lab-demos.sh, the
# same script for both), and lab/run whole on the host, the boot and the power-off included.
# The earlier commit runs from a copy of its own under target/then/COMMIT, with a Maven
# repository into which it installs its own chapters and a lab cache of its own (this one's
# kernel, its own initramfs), so that neither checkout finds the other's. Runs on the host, after
# lab/prepare; records into bench/logs/learner-command.log, and
# rdma.bench.report.LearnerCommandPage renders the section of docs/benchmarks.md from that log.
#
#   bench/learner-command.sh [COMMIT]   # default 4723338, the lab before its faster starts
#
# Environment: ROUNDS (default 6).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

then_commit=$(git rev-parse --short "${1:-4723338}")
rounds=${ROUNDS:-6}
then_dir=$PWD/target/then/$then_commit
cache=${LAB_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/rdma-verbs-lab}
[ -d "$cache/kernel" ] || { echo "bench: the lab has no kernel yet: run lab/prepare first" >&2; exit 1; }

# Once per commit. Its Maven repository is this one's but for the chapters, so that it builds
# offline, as a learner's laptop does after lab/prepare; its .mvn/maven.config points Maven there.
if [ ! -f "$then_dir/ready" ]; then
  rm -rf "$then_dir"
  mkdir -p "$then_dir/tree" "$then_dir/cache"
  git archive "$then_commit" | tar -x -C "$then_dir/tree"
  cp -a "$HOME/.m2/repository" "$then_dir/m2"
  rm -rf "$then_dir/m2/rdma/verbs/examples"
  mkdir -p "$then_dir/tree/.mvn" "$then_dir/tree/bench"
  echo "-Dmaven.repo.local=$then_dir/m2" >> "$then_dir/tree/.mvn/maven.config"
  (cd "$then_dir/tree" && mvn -B -q -o install -DskipTests)
  cp -a "$cache/kernel" "$then_dir/cache/"
  cp bench/lab-demos.sh "$then_dir/tree/bench/"
  touch "$then_dir/ready"
fi

# One boot of the lab of checkout DIR running the learner's command: "SECONDS-INSIDE SECONDS-WHOLE".
first_command() { # DIR [NAME=VALUE...]
  local dir=$1 start inside
  shift
  start=$(date +%s.%N)
  inside=$(cd "$dir" && env LAB_TIMEOUT=600 "$@" lab/run bench/lab-demos.sh 04-rc-pingpong 2>/dev/null | awk '$1 == "demo" { print $3 }')
  [ -n "$inside" ] || { echo "bench: the learner's command did not run in $dir's lab" >&2; return 1; }
  awk -v inside="$inside" -v start="$start" -v end="$(date +%s.%N)" 'BEGIN { printf "%s %.2f\n", inside, end - start }'
}

log=bench/logs/learner-command.log
{
  echo "# bench/learner-command.sh: the learner's command, the first of a fresh boot, $rounds boots each of commit $then_commit and this checkout, alternating"
  log_facts
  echo "# commit: $(git rev-parse --short HEAD)"
  echo "# then: $then_commit"
  echo "# then date: $(git log -1 --format=%cs "$then_commit")"
  echo "# then|now ROUND seconds, the command inside the guest; whole then|now ROUND seconds, lab/run on the host"
  # A boot of each first, not counted: the earlier commit's makes its initramfs, this one's its archives.
  first_command "$then_dir/tree" LAB_CACHE="$then_dir/cache" > /dev/null
  first_command . > /dev/null
  for round in $(seq "$rounds"); do
    times=$(first_command "$then_dir/tree" LAB_CACHE="$then_dir/cache")
    printf 'then %d %s\nwhole then %d %s\n' "$round" "${times% *}" "$round" "${times#* }"
    times=$(first_command .)
    printf 'now %d %s\nwhole now %d %s\n' "$round" "${times% *}" "$round" "${times#* }"
  done
} > "$log.new"
mv "$log.new" "$log"
java -cp bench/target/classes rdma.bench.report.LearnerCommandPage "$log" docs/benchmarks.md
