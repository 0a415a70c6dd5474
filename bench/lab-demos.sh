#!/usr/bin/env bash
# Inside the lab (bench/lab.sh runs it): each chapter's demo, mvn -q -o -pl <chapter> exec:java
# with no arguments, one after another, or those of the chapters given; prints "demo <chapter>
# <wall seconds>" for each.
#
#   bench/lab-demos.sh [CHAPTER...]
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || set -- [0-9][0-9]-*/
for chapter in "$@"; do
  chapter=${chapter%/}
  start=$(date +%s.%N)
  mvn -q -o -pl "$chapter" exec:java > /dev/null 2>&1
  awk -v chapter="$chapter" -v start="$start" -v end="$(date +%s.%N)" 'BEGIN { printf "demo %s %.2f\n", chapter, end - start }'
done
