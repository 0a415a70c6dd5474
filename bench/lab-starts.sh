#!/usr/bin/env bash
# Inside the lab (bench/lab.sh runs it): where a JVM's start goes, as the lab starts it now ("lab":
# LAB_JVM_OPTIONS, the same addresses in every process, Maven started by lab/mvn from its archive)
# and as it did before those ("before": address-space randomization on, two JIT compiler threads,
# class-data archives relocated, JNA asking ldconfig at each start, Maven started by its own script
# without an archive; lab/guest.sh's speed_up_starts and LAB_JVM_OPTIONS), alternating, round after
# round, then the program as bin/chapter starts it without its class-data archive ("classes",
# below), and the appendix on APPENDIX_JDK with its ahead-of-time cache and without. Prints "# lab
# jvm options: <the lab's options>" and how many classes the archives served first, then "start
# <set> <step> <round> <wall seconds>" per run, as bench/logs/lab.log holds them.
#
# Environment: ROUNDS (default 3); APPENDIX_JDK, a JDK of 25 or later for which bin/class-data made
# the appendix's cache (bench/lab.sh), or nothing to leave the appendix out.
set -euo pipefail
cd "$(dirname "$0")/.."
before_options=$(sed 's/ *-XX:CICompilerCount=1//; s/ *-XX:+UnlockDiagnosticVMOptions -XX:ArchiveRelocationMode=0//
  s/ *-Djna\.platform\.library\.path=[^ ]*//' <<< "$LAB_JVM_OPTIONS")
# Runs a command as the set $1 starts it.
as_set() {
  local set=$1 status=0; shift
  if [ "$set" = before ]; then
    sysctl -qw kernel.randomize_va_space=2
    JAVA_TOOL_OPTIONS=$before_options MAVEN_SKIP_RC=1 "$@" || status=$?
    sysctl -qw kernel.randomize_va_space=0
  else
    JAVA_TOOL_OPTIONS=$LAB_JVM_OPTIONS "$@" || status=$?
  fi
  return "$status"
}
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
# The appendix's pingpong on a JDK of 25 or later: from its cache (bin/class-data), and, through a
# JAVA_HOME spelled otherwise ("/."), for which there is none, from target/classes.
if [ -n "${APPENDIX_JDK:-}" ]; then
  commands[appendix-lab]="env JAVA_HOME=$APPENDIX_JDK bin/chapter appendix-ffm pingpong --demo -n 1"
  commands[appendix-classes]="env JAVA_HOME=$APPENDIX_JDK/. bin/chapter appendix-ffm pingpong --demo -n 1"
fi
print_start() {
  awk -v set="$1" -v step="$2" -v round="$3" -v start="$4" -v end="$(date +%s.%N)" \
    'BEGIN { printf "start %s %s %d %.2f\n", set, step, round, end - start }'
}
# JNA's library directories are this machine's: named, not listed.
echo "# lab jvm options: $(sed 's/\(-Djna\.platform\.library\.path=\)[^ ]*/\1<ldconfig'"'"'s directories>/' <<< "$LAB_JVM_OPTIONS")"
# An archive that does not match its jars is ignored without a word: how many classes each served.
# Prints "# NAME classes loaded: N" for a start of the command after the first three arguments, and
# "# NAME classes from WHERE: N", those whose source the JVM's log names SOURCE.
count_classes() {
  local name=$1 where=$2 source=$3 loaded
  shift 3
  loaded=$(JAVA_TOOL_OPTIONS="$LAB_JVM_OPTIONS -Xlog:class+load" "$@" 2>&1 | grep 'source: ')
  echo "# $name classes loaded: $(grep -c . <<< "$loaded")"
  echo "# $name classes from $where: $(grep -c "source: $source" <<< "$loaded")"
}
# (Maven's run is also the first read of its files over 9p, timed by neither set.)
count_classes maven "its archive" "shared objects file (top)" ${commands[maven]}
count_classes program "the archive" "shared objects file" ${commands[program]}
if [ -n "${commands[appendix-lab]:-}" ]; then
  echo "# appendix jdk: ${APPENDIX_JDK##*/}"
  count_classes appendix "its cache" "shared objects file" ${commands[appendix-lab]}
fi
for round in $(seq "${ROUNDS:-3}"); do
  for set in before lab; do
    for step in "${steps[@]}"; do
      start=$(date +%s.%N)
      as_set "$set" ${commands[$step]} > /dev/null 2>&1
      print_start "$set" "$step" "$round" "$start"
    done
  done
  start=$(date +%s.%N)
  as_set lab ${commands[program-classes]} > /dev/null 2>&1
  print_start classes program "$round" "$start"
  if [ -n "${commands[appendix-lab]:-}" ]; then
    for set in classes lab; do
      start=$(date +%s.%N)
      as_set lab ${commands[appendix-$set]} > /dev/null 2>&1
      print_start "$set" appendix "$round" "$start"
    done
  fi
done
