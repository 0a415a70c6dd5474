#!/usr/bin/env bash
# Inside the lab (bench/lab.sh runs it): where a JVM's start goes, under the lab's JVM options
# ("lab", LAB_JVM_OPTIONS) and with the serial collector and one compiler thread added ("lean":
# fewer JVM threads to share two emulated CPUs with the program's), alternating, round after
# round, then the program and the learner's command with class-data archives ("cds", below). Prints
# "# lab jvm options: <the lab's options>" and how many classes each archive served first, then
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
# "cds": the program and the learner's command again, each with a dynamic class-data archive that a
# first run dumped here at its exit (-XX:ArchiveClassesAtExit): the classes it loaded, parsed and
# verified once. Java 17 archives no class read from a directory and refuses one on the class path
# when dumping, so that program runs from the chapters' jars (mvn install's), which hold the same
# classes; Maven's own classes come from its jars already.
. bin/classpath.sh
archives=$(mktemp -d)
jars=$(chapter_classpath | tr ':' '\n' | sed 's|^\(.*\)/\([^/]*\)/target/classes$|\1/\2/target/\2-1.0-SNAPSHOT.jar|' | paste -sd:)
main=$(sed -n 's|.*<exec.mainClass>\(.*\)</exec.mainClass>.*|\1|p' 04-rc-pingpong/pom.xml)
commands[program-cds]="java -XX:SharedArchiveFile=$archives/program.jsa -cp $jars $main --demo -n 1"
commands[learner-cds]="env MAVEN_OPTS=-XX:SharedArchiveFile=$archives/maven.jsa ${commands[learner]}"
print_start() {
  awk -v set="$1" -v step="$2" -v round="$3" -v start="$4" -v end="$(date +%s.%N)" \
    'BEGIN { printf "start %s %s %d %.2f\n", set, step, round, end - start }'
}
echo "# lab jvm options: $LAB_JVM_OPTIONS"
${commands[maven]} > /dev/null 2>&1 # the first read of Maven's files over 9p, timed by neither
java -XX:ArchiveClassesAtExit="$archives/program.jsa" -cp "$jars" "$main" --demo -n 1 > /dev/null 2>&1
MAVEN_OPTS=-XX:ArchiveClassesAtExit=$archives/maven.jsa ${commands[learner]} > /dev/null 2>&1
# An archive that does not match its jars is ignored without a word: how many classes each served.
archived() { "$@" 2>&1 | grep -c 'source: shared objects file (top)' || true; }
echo "# cds program archive classes: $(archived ${commands[program-cds]/ -cp / -Xlog:class+load -cp })"
echo "# cds maven archive classes: $(MAVEN_OPTS="-XX:SharedArchiveFile=$archives/maven.jsa -Xlog:class+load" archived ${commands[learner]})"
for round in $(seq "${ROUNDS:-3}"); do
  for set in lab lean; do
    for step in "${steps[@]}"; do
      start=$(date +%s.%N)
      JAVA_TOOL_OPTIONS=${options[$set]} ${commands[$step]} > /dev/null 2>&1
      print_start "$set" "$step" "$round" "$start"
    done
  done
  for step in program learner; do
    start=$(date +%s.%N)
    JAVA_TOOL_OPTIONS=${options[lab]} ${commands[$step-cds]} > /dev/null 2>&1
    print_start cds "$step" "$round" "$start"
  done
done
