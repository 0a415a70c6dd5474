#!/usr/bin/env bash
# Inside the lab (bench/lab.sh runs it): where a JVM's start goes, under the lab's JVM options
# ("lab", LAB_JVM_OPTIONS) and with the serial collector and one compiler thread added ("lean":
# fewer JVM threads to share two emulated CPUs with the program's), alternating, round after
# round. Prints "# lab jvm options: <the lab's options>" first, then "start <options> <step> <round>
# <wall seconds>" per run, as bench/logs/lab.log holds them.
#
# Environment: ROUNDS (default 3).
set -euo pipefail
cd "$(dirname "$0")/.."
declare -A options=([lab]="$LAB_JVM_OPTIONS" [lean]="$LAB_JVM_OPTIONS -XX:+UseSerialGC -XX:CICompilerCount=1")
steps=(jvm maven program learner)
declare -A commands=(
  [jvm]="java -version"
  [maven]="mvn -q -o -pl 04-rc-pingpong validate"
  [program]="bin/chapter 04-rc-pingpong --demo -n 1"
  [learner]="mvn -q -o -pl 04-rc-pingpong exec:java"
)
echo "# lab jvm options: $LAB_JVM_OPTIONS"
${commands[maven]} > /dev/null 2>&1 # the first read of Maven's files over 9p, timed by neither
for round in $(seq "${ROUNDS:-3}"); do
  for set in lab lean; do
    for step in "${steps[@]}"; do
      start=$(date +%s.%N)
      JAVA_TOOL_OPTIONS=${options[$set]} ${commands[$step]} > /dev/null 2>&1
      awk -v set="$set" -v step="$step" -v round="$round" -v start="$start" -v end="$(date +%s.%N)" \
        'BEGIN { printf "start %s %s %d %.2f\n", set, step, round, end - start }'
    done
  done
done
