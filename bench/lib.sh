# Shared by the bench scripts (source it). The runs of the two-sided benchmarks are started, pinned
# and timed by their drivers in Java (rdma.bench.run, through bench/run.sh), and their statistics
# and pages are rdma.bench.report's.

# The facts a run log starts with, as "# name: value" comment lines (rdma.bench.report.RunLog
# reads them): the date, where it ran ("lab" inside the soft-RoCE lab, else the host's name), its
# CPUs and machine, and the versions of Java, JNA, rdma-core and perftest.
log_facts() {
  echo "# date: $(date -u +%F)"
  echo "# where: $( [ "${RDMA_LAB:-}" = 1 ] && echo lab || uname -n)"
  echo "# cpus: $(nproc)"
  echo "# machine: $(uname -m)"
  echo "# java: $(java -version 2>&1 | grep -v "^Picked up" | head -n1)"
  echo "# jna: $(pom_version jna)"
  echo "# rdma-core: $(dpkg-query -W -f '${Version}' ibverbs-utils 2>/dev/null || echo unknown)"
  echo "# perftest: $(dpkg-query -W -f '${Version}' perftest 2>/dev/null || echo unknown)"
}

# pom_version and chapter_classpath: bin/classpath.sh, which bin/chapter runs the chapters with.
. "$(dirname "${BASH_SOURCE[0]}")/../bin/classpath.sh"

# The JDK the java.lang.foreign benchmarks run on: $JAVA22_HOME, or the newest of 22 or later under
# /usr/lib/jvm; nothing when there is none.
newer_jdk() {
  echo "${JAVA22_HOME:-$(ls -d /usr/lib/jvm/*25* /usr/lib/jvm/*24* /usr/lib/jvm/*23* /usr/lib/jvm/*22* 2>/dev/null | head -n1 || true)}"
}

# newer_jdk, for a benchmark of the appendix run from the repository's root, which must have built
# the appendix with it; says what to do and fails where either is missing.
appendix_jdk() {
  local jdk
  jdk=$(newer_jdk)
  [ -x "$jdk/bin/java" ] || { echo "bench: the appendix needs a JDK of 22 or later: set JAVA22_HOME" >&2; return 1; }
  [ -d "$(dirname "${BASH_SOURCE[0]}")/../appendix-ffm/target/classes" ] ||
    { echo "bench: build the appendix first: JAVA_HOME=$jdk mvn -q install -DskipTests" >&2; return 1; }
  echo "$jdk"
}

# The version the JDK at $1 reports ("25.0.3"), without the lab's "Picked up JAVA_TOOL_OPTIONS" line.
jdk_version() {
  "$1/bin/java" -version 2>&1 | grep -v "^Picked up" | head -n1 | sed 's/.*version "\([^"]*\)".*/\1/'
}
