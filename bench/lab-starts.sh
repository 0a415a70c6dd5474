#!/usr/bin/env bash
# Inside the lab (bench/lab.sh runs it): where a JVM's start goes, under the lab's JVM options
# ("lab", LAB_JVM_OPTIONS) and with the serial collector and one compiler thread added ("lean":
# fewer JVM threads to share two emulated CPUs with the program's), alternating, round after
# round, then the program as bin/chapter starts it without its class-data archive ("classes", below).
# Prints "# lab jvm options: <the lab's options>" and how many classes the archive served first, then
# "start <options> <step> <round> <wall seconds>" per run, as bench/logs/lab.log holds them.
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
# "classes": the same program as bin/chapter starts it without the class-data archive, from the
# modules' target/classes with the JDK's archive alone: bin/chapter takes the archive for the java
# it was made for, found on the PATH (bin/class-data), so through JAVA_HOME the same JDK runs without.
. bin/classpath.sh
commands[program-classes]="env JAVA_HOME=$(jdk_of java) ${commands[program]}"
print_start() {
  awk -v set="$1" -v step="$2" -v round="$3" -v start="$4" -v end="$(date +%s.%N)" \
    'BEGIN { printf "start %s %s %d %.2f\n", set, step, round, end - start }'
}
echo "# lab jvm options: $LAB_JVM_OPTIONS"
${commands[maven]} > /dev/null 2>&1 # the first read of Maven's files over 9p, timed by neither
# An archive that does not match its jars is ignored without a word: how many classes it served.
loaded=$(JAVA_TOOL_OPTIONS="$LAB_JVM_OPTIONS -Xlog:class+load" ${commands[program]} 2>&1 | grep 'source: ')
echo "# program classes loaded: $(grep -c . <<< "$loaded")"
echo "# program classes from the archive: $(grep -c 'source: shared objects file' <<< "$loaded")"
for round in $(seq "${ROUNDS:-3}"); do
  for set in lab lean; do
    for step in "${steps[@]}"; do
      start=$(date +%s.%N)
      JAVA_TOOL_OPTIONS=${options[$set]} ${commands[$step]} > /dev/null 2>&1
      print_start "$set" "$step" "$round" "$start"
    done
  done
  start=$(date +%s.%N)
  JAVA_TOOL_OPTIONS=${options[lab]} ${commands[program-classes]} > /dev/null 2>&1
  print_start classes program "$round" "$start"
done
